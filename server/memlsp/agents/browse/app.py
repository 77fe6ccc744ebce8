"""The textual app of ``memlsp browse``: a tree of scopes and notes on the left, the selected
note read-only on the right, a filter above, forget behind a confirmation.

Everything shown comes from the memory service: the rows from :meth:`overview`, the stale
badges from :meth:`stale_lookup` (a citation check run in a worker thread, so a cold symbol
index never holds the screen), the preview from :meth:`read`. Forget is verified (R24): it
sends the path and the SHA-256 of the bytes the preview showed, so a note changed on disk
since it was read is refused, not deleted. Labels are rich ``Text`` objects, never markup:
a note's name or description cannot style or break the screen.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Header, Input, Label, TextArea, Tree

from ...core.errors import MemlspError
from ...core.service import MemoryService, NoteRecord, NoteText, ScopeNotes

TYPE_STYLE = {
    "user": "magenta",
    "feedback": "yellow",
    "project": "cyan",
    "reference": "blue",
    "session": "dim",
}


def size_text(n: int) -> str:
    return f"{n} B" if n < 1024 else f"{n / 1024:.1f} KB"


def age_text(days: int) -> str:
    return "today" if days == 0 else "1 day ago" if days == 1 else f"{days} days ago"


def row_label(note: NoteRecord) -> Text:
    """One note's row: name, a badge when citations are stale, type (``session`` for a
    session record), size, age."""
    kind = "session" if note.scope == "session" else note.type
    label = Text(note.name, style="bold")
    if note.stale:  # next to the name: a narrow panel cuts the end of the row
        label.append(f"  ⚠ {note.stale} stale", style="bold red")
    label.append(f"  {kind}", style=TYPE_STYLE.get(kind, ""))
    label.append(f"  {size_text(note.bytes)}  {age_text(note.age_days)}", style="dim")
    return label


def matches(note: NoteRecord, words: list[str]) -> bool:
    """Every filter word appears in the note's name, description, type or path."""
    kind = "session" if note.scope == "session" else note.type
    hay = f"{note.name} {note.description} {kind} {note.path}".casefold()
    return all(w in hay for w in words)


class ConfirmForget(ModalScreen[bool]):
    """Asks before forgetting one note; answers True only on an explicit yes."""

    BINDINGS = [
        Binding("y", "answer(True)", "Forget"),
        Binding("n,escape", "answer(False)", "Keep"),
    ]
    DEFAULT_CSS = """
    ConfirmForget { align: center middle; }
    ConfirmForget > Grid {
        grid-size: 2; grid-gutter: 1 2; padding: 1 2; width: 70; height: auto;
        border: thick $error; background: $surface;
    }
    ConfirmForget Label { column-span: 2; width: 100%; }
    """

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        with Grid():
            yield Label(Text(f"Forget {self.path}?"), id="question")
            yield Label("The file is deleted; a tombstone and an audit record are kept.")
            yield Button("Forget", variant="error", id="confirm")
            yield Button("Keep", variant="primary", id="cancel")

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class BrowseApp(App[None]):
    """Browse the memory home: ``scope`` as ``memlsp ls --scope`` (default: every scope);
    ``check_citations`` runs the stale check in the background for the badges."""

    TITLE = "memlsp browse"
    BINDINGS = [
        Binding("slash", "focus_filter", "Filter"),
        Binding("escape", "clear_filter", "Clear filter", show=False),
        Binding("d,delete", "forget", "Forget"),
        Binding("r", "reload", "Reload"),
        Binding("q", "quit", "Quit"),
    ]
    CSS = """
    #notes { width: 1fr; min-width: 30; }
    #preview { width: 1fr; }
    """

    def __init__(
        self,
        service: MemoryService,
        *,
        scope: str | None = None,
        check_citations: bool = True,
    ) -> None:
        super().__init__()
        self.service = service
        self.scope = scope
        self.check_citations = check_citations
        self.groups: list[ScopeNotes] = []
        self.stale = None  # path -> count, once the citation check is done
        self.shown: NoteText | None = None  # what the preview shows (forget sends its hash)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(placeholder="filter: words of a name, description, type or path", id="filter")
        with Horizontal():
            yield Tree(Text("memory"), id="notes")
            yield TextArea("", read_only=True, id="preview")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = str(self.service.store.home)
        tree = self.query_one("#notes", Tree)
        tree.show_root = False
        self.reload()
        tree.focus()
        if self.check_citations:
            self.run_worker(self._check, thread=True, exclusive=True, group="check")

    # ---- data -------------------------------------------------------------------------
    def reload(self) -> None:
        """Read the notes again from the service and redraw the tree (filter kept)."""
        self.groups = self.service.overview(self.scope, stale_count=self.stale)
        self.redraw()

    def _check(self) -> None:
        try:
            lookup = self.service.stale_lookup()
        except MemlspError as exc:
            self.call_from_thread(self.notify, f"Citations not checked: {exc}", severity="warning")
            return
        self.call_from_thread(self._checked, lookup)

    def _checked(self, lookup) -> None:
        self.stale = lookup
        for group in self.groups:
            for note in group.notes:
                note.stale = lookup(note.path)
        self.redraw()

    @property
    def filter_words(self) -> list[str]:
        return self.query_one("#filter", Input).value.casefold().split()

    def visible(self) -> list[tuple[ScopeNotes, list[NoteRecord]]]:
        words = self.filter_words
        out = []
        for group in self.groups:
            notes = [n for n in group.notes if matches(n, words)]
            if notes:
                out.append((group, notes))
        return out

    def redraw(self) -> None:
        tree = self.query_one("#notes", Tree)
        current = tree.cursor_node.data if tree.cursor_node is not None else None
        keep = current.path if isinstance(current, NoteRecord) else None
        tree.clear()
        target = None
        for group, notes in self.visible():
            title = Text(f"{group.rel}/", style="bold")
            title.append(f"  {len(notes)} note{'s' if len(notes) != 1 else ''}", style="dim")
            branch = tree.root.add(title, data=group, expand=True)
            for note in notes:
                leaf = branch.add_leaf(row_label(note), data=note)
                if note.path == keep:
                    target = leaf
        if target is not None:
            tree.move_cursor(target)
        elif not tree.root.children:
            self._show(None, "No notes match." if self.filter_words else "No notes yet.")

    # ---- preview ----------------------------------------------------------------------
    @on(Tree.NodeHighlighted, "#notes")
    def highlighted(self, event: Tree.NodeHighlighted) -> None:
        note = event.node.data
        if isinstance(note, NoteRecord):
            self.preview(note)

    def preview(self, note: NoteRecord) -> None:
        try:
            self._show(self.service.read(note.path))
        except MemlspError as exc:
            self._show(None, f"Cannot read {note.path}: {exc} [{exc.reason}]")

    def _show(self, text: NoteText | None, message: str = "") -> None:
        self.shown = text
        self.query_one("#preview", TextArea).load_text(text.text if text else message)

    # ---- actions ----------------------------------------------------------------------
    @on(Input.Changed, "#filter")
    def filtered(self) -> None:
        self.redraw()

    @on(Input.Submitted, "#filter")
    def filter_done(self) -> None:
        self.query_one("#notes", Tree).focus()

    def action_focus_filter(self) -> None:
        self.query_one("#filter", Input).focus()

    def action_clear_filter(self) -> None:
        self.query_one("#filter", Input).value = ""
        self.query_one("#notes", Tree).focus()

    def action_reload(self) -> None:
        self.reload()

    def action_forget(self) -> None:
        node = self.query_one("#notes", Tree).cursor_node
        note = node.data if node is not None else None
        if not isinstance(note, NoteRecord):
            self.notify("Choose a note to forget first.", severity="warning")
            return
        if self.shown is None or self.shown.path != note.path:
            self.preview(note)
        shown = self.shown
        if shown is None:
            return

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.forget(shown)

        self.push_screen(ConfirmForget(shown.path), answered)

    def forget(self, shown: NoteText) -> None:
        """Verified forget of the previewed bytes; a refusal is shown with its reason."""
        try:
            self.service.forget(shown.path, shown.sha256)
        except MemlspError as exc:
            self.notify(f"Not forgotten: {exc} [{exc.reason}]", severity="error", timeout=8)
            self.reload()  # show what is on disk now: the person decides again on that
            try:
                self._show(self.service.read(shown.path))
            except MemlspError:
                self._show(None, f"{shown.path} is gone.")
            return
        self.notify(f"Forgotten: {shown.path}")
        self.reload()
