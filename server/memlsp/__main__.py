"""``python -m memlsp`` runs the CLI."""

import sys

if sys.argv[1:2] == ["hook"]:
    # Claude Code runs this on every hook event: no more than the hook client is loaded.
    from .agents.claude_code.hook import main as hook_main

    sys.exit(hook_main(sys.argv[2:]))

from .cli.main import main  # noqa: E402

sys.exit(main())
