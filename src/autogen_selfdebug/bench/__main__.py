"""``python -m autogen_selfdebug.bench [overhead] ...``."""

from __future__ import annotations

import sys

from ._main import main

sys.exit(main())
