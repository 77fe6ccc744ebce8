"""Adapters for agents and terminals beyond the editor (SPEC R31, R39): Claude Code hooks and
their install, transcript importers, the MCP server, other agents' memory folders and the
terminal browser. Each is a translation to and from the memory service
(``memlsp.core.service``), never a copy of its orchestration: like the language server and
the CLI, this package imports at most six ``memlsp.core`` modules and no other adapter.

The modules: :mod:`.claude_code` (hooks, their installer, the session-log importer),
:mod:`.transcripts` (chat transcripts in the shapes agents write them), :mod:`.mcp_server`
(the MCP server), and the terminal browser and memory-folder modules beside them.
"""
