"use strict";
// A name on the room's screen must tell its player apart: a long one takes a second line
// where the list has the height (its groups of rows sharing it); one that still does not fit
// its cell is cut here rather than by the browser's "…", so that what shows differs from
// every other name shown: its start as far as it fits, and when that start is shared
// ("Maximilian Alexander v…" three times), its end as well ("Maximilian A…Haigerloch").
// The cell then holds exactly what shows (the whole name in its title).
(function () {
  const MARK = "…";
  const segmenter = window.Intl && Intl.Segmenter ? new Intl.Segmenter() : null;
  // (letters as a person sees them: an accent or an emoji is never split)
  const letters = (text) => segmenter ?
    Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);
  const whole = (cell) => cell.dataset.whole === undefined ? cell.textContent : cell.dataset.whole;
  // (a line's glyphs may reach a little past its box: only a line more is too high)
  const fits = (cell) => cell.scrollWidth <= cell.clientWidth + 1 &&
    cell.scrollHeight <= cell.clientHeight + 0.3 * parseFloat(getComputedStyle(cell).fontSize);

  // Each cell back to its whole name (before the screen is laid out again).
  function restore(cells) {
    for (const cell of cells) {
      if (cell.dataset.whole !== undefined) {
        cell.textContent = cell.dataset.whole;
        delete cell.dataset.whole;
        cell.removeAttribute("title");
      }
    }
  }

  // The ends a cut name may keep, shortest first: none, then its last words (after a space
  // or a hyphen); failing those, its last letters.
  function ends(parts) {
    const words = [0];
    for (let i = parts.length - 1; i > 0; i--) {
      if (parts[i - 1] === " " || parts[i - 1] === "-") { words.push(parts.length - i); }
    }
    const others = [];
    for (let n = 1; n < parts.length; n++) { if (!words.includes(n)) { others.push(n); } }
    return words.concat(others);
  }

  // ``cells`` hold the names of one list: each that does not fit is cut so that no other
  // name of the list starts and ends as its cut text does. (For each end, the shortest start
  // that tells the name apart is found without the page, so the page is laid out once per
  // end tried, then for the longest start that fits.)
  function cut(cells) {
    const names = cells.map(whole);
    cells.forEach((cell, i) => {
      if (fits(cell)) { return; }
      const name = names[i], parts = letters(name);
      const made = (start, end) => ({ start: parts.slice(0, start).join("").trimEnd(),
                                      end: parts.slice(parts.length - end).join("") });
      const apart = (m) => names.every((other, j) => j === i ||
        !(other.startsWith(m.start) && other.endsWith(m.end) &&
          other.length >= m.start.length + m.end.length));
      const tried = (start, end) => {
        const m = made(start, end);
        cell.textContent = m.start + MARK + m.end;
        return fits(cell);
      };
      cell.dataset.whole = name;
      cell.title = name;
      let start = 0, end = 0;
      for (const e of ends(parts)) {
        const most = parts.length - e - 1;  // (at least one letter is left out)
        let least = 1;
        while (least <= most && !apart(made(least, e))) { least += 1; }
        if (least <= most && made(least, e).start && tried(least, e)) {
          start = least; end = e;
          break;
        }
      }
      // (none tells it apart in the room there is: its start, as far as it fits)
      let high = start ? parts.length - end - 1 : parts.length - 1;
      while (start < high) {
        const mid = Math.ceil((start + high) / 2);
        if (tried(mid, end)) { start = mid; } else { high = mid - 1; }
      }
      cell.textContent = start ? made(start, end).start + MARK + made(start, end).end : name;
    });
  }

  // The rows of each group when ``groups`` groups share the ``rows``' heights (of their
  // cells, a name on two lines makes its row taller) as evenly as they go, in their order.
  function balanced(rows, groups) {
    const gap = rows.length ? parseFloat(getComputedStyle(rows[0][0].parentElement).rowGap) : 0;
    const heights = rows.map((r) => (gap || 0) + Math.max(...r.map((c) => c.offsetHeight)));
    const split = (most) => {  // (the groups each at most ``most`` high)
      const sizes = [0];
      let sum = 0;
      for (const h of heights) {
        if (sum + h > most && sizes[sizes.length - 1]) { sizes.push(0); sum = 0; }
        sizes[sizes.length - 1] += 1;
        sum += h;
      }
      return sizes;
    };
    let low = Math.max(...heights), high = heights.reduce((a, b) => a + b, 0);
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      if (split(mid).length <= groups) { high = mid; } else { low = mid + 1; }
    }
    return split(low);
  }

  // ``cells``, each a name on one line: those too long for it take a second line while
  // ``tall()`` (``again()`` lays the list out anew), first those whose start, all one line
  // shows, is another's too.
  function twoLines(cells, tall, again) {
    const long = cells.filter((n) => n.scrollWidth > n.clientWidth + 1);
    if (!long.length) { return; }
    const texts = long.map((n) => n.textContent);
    const shared = (n, i) => {
      const shown = Math.floor(texts[i].length * n.clientWidth / n.scrollWidth);
      const start = texts[i].slice(0, shown);
      return texts.some((other, j) => j !== i && other.startsWith(start));
    };
    const order = long.map((n, i) => [shared(n, i) ? 0 : 1, i]).sort((a, b) => a[0] - b[0] ||
      a[1] - b[1]).map((p) => long[p[1]]);
    for (const n of order) { n.classList.add("two"); }
    again();
    while (!tall() && order.length) {
      order.pop().classList.remove("two");
      again();
    }
  }

  // The names' floor (docs/room.md): 3.5 % of the height down to 16:10 (of the width in
  // portrait), 2.7 % of it on a squarer screen: in units of room.css's --u, 3.6 and 2.9.
  const floor = () => innerHeight > innerWidth || innerWidth * 10 >= innerHeight * 16 ? 3.6 : 2.9;

  window.tdconsoleNames = { cut, restore, balanced, twoLines, fits, floor };
})();
