"""The table's parts, each with one job and a narrow room (docs/TABLE.md, "The parts"):
each is built by the scene with the :class:`~game.app.table.context.TableContext` and
the other parts it needs, and touches nothing else."""
