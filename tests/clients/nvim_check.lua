-- Drives memlsp from Neovim 0.7 (headless): the configuration of docs/howto/neovim.md, plus
-- assertions' raw material written to $MEMLSP_NVIM_OUT as JSON for tests/clients/test_neovim.py.
local out = { steps = {} }
local function save()
  local f = io.open(os.getenv("MEMLSP_NVIM_OUT"), "w")
  f:write(vim.fn.json_encode(out))
  f:close()
end
local function step(name, value)
  out.steps[#out.steps + 1] = name
  out[name] = value == nil and vim.NIL or value
  save()
end

local ok, err = pcall(function()
  local capabilities = vim.lsp.protocol.make_client_capabilities()
  capabilities.experimental = { memlsp = { complete = true } }
  local completes, jobs = {}, {}
  local client_id = vim.lsp.start_client({
    name = "memlsp",
    cmd = { os.getenv("MEMLSP_PYTHON"), "-m", "memlsp.cli.main", "serve", "--stdio" },
    root_dir = vim.fn.getcwd(),
    capabilities = capabilities,
    -- model.provider is one of the keys trusted only from the user's own layers
    -- (initializationOptions, the environment), never from workspace settings (issue 14)
    init_options = { rollout = "shadow", model = { provider = "editor" } },
    settings = { memlsp = { rollout = "on", model = { provider = "editor", timeoutSeconds = 5 } } },
    -- Neovim 0.7 answers workspace/configuration but does not announce it: push the
    -- settings once initialized, as `:help vim.lsp.start_client` recommends.
    on_init = function(client)
      client.notify("workspace/didChangeConfiguration", { settings = client.config.settings })
    end,
    handlers = {
      ["memory/complete"] = function(_, params)
        table.insert(completes, params)
        return { text = "OK from neovim" }
      end,
      ["memory/jobStatus"] = function(_, params)
        table.insert(jobs, params)
      end,
    },
  })
  vim.lsp.buf_attach_client(0, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  step("initialized", vim.wait(15000, function() return client.initialized end, 20))

  local function call(method, params, ms)
    -- Generous timeouts: the machine may be loaded; a passing run takes about a second.
    local res, why = client.request_sync(method, params, ms or 30000, 0)
    if res == nil then return { timeout = why or true } end
    return { result = res.result, err = res.err }
  end

  -- the settings pushed in on_init are applied asynchronously
  vim.wait(20000, function()
    local r = call("memory/status", {})
    return r.result and r.result.rollout == "on"
  end, 50)
  step("status", call("memory/status", {}))
  step("sessionStarted", call("memory/sessionStarted", { sessionId = "nvim-1" }))
  step("remember", call("memory/remember", {
    text = "Never force-push to main; open a revert PR instead", type = "feedback" }))
  step("list", call("memory/list", { scope = "project" }))
  step("sessionStarted2", call("memory/sessionStarted", { sessionId = "nvim-2" }))
  step("turnCompleted", call("memory/turnCompleted", {
    sessionId = "nvim-2", turn = 1,
    messages = {
      { role = "user", content = "From now on we deploy only on Tuesdays, the release train is weekly" },
      { role = "assistant", content = "Understood: deploys happen on Tuesdays." },
    },
  }))
  local job = out.turnCompleted.result and out.turnCompleted.result.jobId
  local finished = false
  if job and job ~= vim.NIL then
    -- Wait for the job's final memory/jobStatus, not for a fixed time.
    finished = vim.wait(60000, function()
      for _, j in ipairs(jobs) do
        if j.jobId == job and (j.state == "done" or j.state == "failed"
            or j.state == "cancelled") then
          return true
        end
      end
      return false
    end, 20)
  end
  step("jobFinished", finished)
  step("listAfterTurn", call("memory/list", { scope = "project" }))
  step("recall", call("memory/recall", { sessionId = "nvim-2", message = "when do we deploy?" }))
  step("modelStatus", call("workspace/executeCommand", { command = "memlsp.modelStatus" }, 15000))
  step("completes", completes)
  step("jobs", jobs)
  client.stop()
  vim.wait(3000, function() return client.is_stopped() end, 20)
end)
if not ok then
  out.error = tostring(err)
  save()
  vim.cmd("cq")
else
  vim.cmd("qa!")
end
