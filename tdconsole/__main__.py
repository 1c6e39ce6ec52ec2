from tdconsole.cli import main

raise SystemExit(main())
