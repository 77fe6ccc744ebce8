"""Adapters to other agents (SPEC R39), each a translation to the memory service:
Claude Code hooks and their installer (:mod:`.claude_code`), chat transcripts in the shapes
agents write them (:mod:`.transcripts`), and the MCP server (:mod:`.mcp_server`).

Must not import pygls, lsprotocol or another adapter package (``memlsp.lsp``,
``memlsp.cli``); from ``memlsp.core`` only the service and the vocabularies it returns.
"""
