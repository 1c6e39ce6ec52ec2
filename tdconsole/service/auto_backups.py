"""The event file's automatic backups: every ``backup.every`` commands one is taken on a thread
(``store.backup.BackupWorker``), from the first write on (a read never needs one)."""

from __future__ import annotations

from tdconsole.domain.settings import Settings
from tdconsole.store.backup import BackupWorker, list_backups
from tdconsole.store.local_folders import backup_folder_here
from tdconsole.store.log import EventLog


class AutoBackups:
    """The backups of ``store``'s file taken after its writes, and why the last one failed.
    A log in no file (``MemoryStore``) has none."""

    def __init__(self, store: EventLog) -> None:
        self.store = store
        self._worker: BackupWorker | None = None
        self._seq: int | None = None
        """The event the latest backup holds (read from the backups folder at first need)."""

    def after_write(self, settings: Settings, last_seq: int) -> None:
        """Take a backup when ``settings.backup.every`` commands came since the last one
        (``last_seq``: the log's last event now)."""
        path = self.store.path
        if path is None:
            return
        folder = backup_folder_here(settings)
        backup = settings.backup
        if backup.keep <= 0:
            return
        if self._worker is None:
            self._worker = BackupWorker()
        if self._worker.busy():
            return
        if self._seq is None:
            taken = list_backups(path, folder)
            self._seq = taken[-1].seq if taken else 0
        if self.store.commands_after(self._seq) >= backup.every:
            self._seq = last_seq
            self._worker.request(path, folder, backup.keep)

    def wait(self, timeout: float | None = 30) -> None:
        """Return once the backup under way, if any, is on disk (or has failed)."""
        if self._worker is not None:
            self._worker.wait(timeout)

    @property
    def error(self) -> str | None:
        """Why the last backup failed (a full disk, a missing folder), if it did."""
        return self._worker.last_error if self._worker is not None else None

    def error_text(self, lang: str = "en") -> str | None:
        """``error`` in ``lang``."""
        failure = self._worker.failure if self._worker is not None else None
        return failure.text(lang) if failure is not None else None
