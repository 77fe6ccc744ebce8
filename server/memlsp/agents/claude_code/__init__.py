"""Claude Code: the hook command (:mod:`.hook`, a light client; :mod:`.events` does the
work; :mod:`.daemon` keeps recall warm between prompts), the settings installer
(:mod:`.install`) and the session-log importer (:mod:`.importer`)."""

AGENT = "claude-code"
