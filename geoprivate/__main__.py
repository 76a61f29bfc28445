import sys

from geoprivate.cli import main

sys.exit(main())
