-- Neovim 0.7 (headless) against the citation fixture: start memlsp on the workspace
-- ($MEMLSP_NVIM_REPO), open one note, wait for the published diagnostics of every note
-- ($MEMLSP_NVIM_NOTES, comma-separated paths; the others are never opened), ask for the
-- quick fixes of the first note, and write what Neovim holds to $MEMLSP_NVIM_OUT as JSON
-- for tests/clients/test_neovim_citations.py.
local out = { diagnostics = {} }
local function save()
  local f = io.open(os.getenv("MEMLSP_NVIM_OUT"), "w")
  f:write(vim.fn.json_encode(out))
  f:close()
end

local ok, err = pcall(function()
  local repo = os.getenv("MEMLSP_NVIM_REPO")
  local notes = vim.split(os.getenv("MEMLSP_NVIM_NOTES"), ",")
  local client_id = vim.lsp.start_client({
    name = "memlsp",
    cmd = { os.getenv("MEMLSP_PYTHON"), "-m", "memlsp.cli.main", "serve", "--stdio" },
    root_dir = repo,
    capabilities = vim.lsp.protocol.make_client_capabilities(),
    handlers = {
      -- The start-up check publishes missing files first, then the symbol findings; it
      -- logs "memlsp citations full check: ..." once everything is published.
      ["window/logMessage"] = function(_, result)
        if result and result.message:find("memlsp citations full check", 1, true) then
          out.full_check = true
        end
      end,
    },
  })
  vim.lsp.buf_attach_client(0, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  out.initialized = vim.wait(15000, function() return client.initialized end, 20)

  local bufs = {}
  for i, path in ipairs(notes) do
    bufs[i] = vim.uri_to_bufnr(vim.uri_from_fname(path))
  end
  out.published = vim.wait(20000, function()
    if not out.full_check then return false end
    for _, b in ipairs(bufs) do
      if #vim.diagnostic.get(b) == 0 then return false end
    end
    return true
  end, 20)
  for i, b in ipairs(bufs) do
    local items = {}
    for _, d in ipairs(vim.diagnostic.get(b)) do
      table.insert(items, {
        lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
        severity = d.severity, source = d.source, message = d.message,
        code = d.user_data and d.user_data.lsp and d.user_data.lsp.code or d.code,
      })
    end
    out.diagnostics[notes[i]] = items
  end

  -- The quick fixes Neovim would list for the moved-file diagnostic of the open note.
  local moved
  for _, d in ipairs(vim.diagnostic.get(0)) do
    local code = d.user_data and d.user_data.lsp and d.user_data.lsp.code or d.code
    if code == "moved-file" then moved = d end
  end
  if moved then
    -- Back to the LSP shape (UTF-16 range) the way Neovim's own code-action request does.
    local lsp_diag
    for _, d in ipairs(vim.lsp.diagnostic.get_line_diagnostics(0, moved.lnum)) do
      if d.code == "moved-file" then lsp_diag = d end
    end
    local res = client.request_sync("textDocument/codeAction", {
      textDocument = { uri = vim.uri_from_bufnr(0) },
      range = lsp_diag.range,
      context = { diagnostics = { lsp_diag } },
    }, 10000, 0)
    out.actions = {}
    for _, a in ipairs((res and res.result) or {}) do
      table.insert(out.actions, a.title)
    end
  end
  client.stop()
  vim.wait(3000, function() return client.is_stopped() end, 20)
end)
if not ok then
  out.error = tostring(err)
  save()
  vim.cmd("cq")
else
  save()
  vim.cmd("qa!")
end
