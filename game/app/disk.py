"""What a write the disk refused means, in the player's language ("the disk is full"),
never the system's own text ("[Errno 30] Read-only file system: '/media/...'")."""

from __future__ import annotations

import errno

from game.app.i18n import tr

DISK_FULL = "full"
READ_ONLY = "read_only"
REFUSED = "refused"
_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_READ_ONLY = {errno.EROFS, errno.EACCES, errno.EPERM}


def problem_of(error: Exception) -> str:
    """What a failed write means for the player: the disk is full, the folder is
    read-only, or the system refused for another reason."""
    number = getattr(error, "errno", None)
    if number in _FULL:
        return DISK_FULL
    if number in _READ_ONLY or isinstance(error, PermissionError):
        return READ_ONLY
    return REFUSED


def disk_reason(error: Exception) -> str:
    """The reason a file could not be written, for a message to the player."""
    problem = problem_of(error)
    if problem == DISK_FULL:
        return tr("files.disk_full")
    if problem == READ_ONLY:
        return tr("files.disk_read_only")
    return tr("files.disk_refused")
