"""Charts for the playtest page, as inline SVG: every one with its axes, ticks, a legend, and the
sample size beside each rate.

Plain SVG text (no script, no fonts or styles fetched), so the page stays one self-contained file.
Rates are drawn as a bar with its 95% interval as a whisker; policies side by side in one colour
each; heatmaps get a colour scale from 0 to their peak.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

#: one colour per policy, in the order they are played (colour-blind safe: Okabe and Ito)
POLICY_COLOURS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00")
WON, LOST = "#2e8b3a", "#c0392b"
FONT = 'font-family="DejaVu Sans,Verdana,sans-serif"'


def colour(index: int) -> str:
    return POLICY_COLOURS[index % len(POLICY_COLOURS)]


def _text(x: float, y: float, words: str, size: int = 11, anchor: str = "start", fill: str = "#222",
          bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" fill="{fill}"{weight}>'
            f"{html.escape(words)}</text>")


def _svg(width: float, height: float, body: list[str], label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" aria-label="{html.escape(label)}" '
            f'viewBox="0 0 {width:g} {height:g}" width="{width:g}" height="{height:g}" {FONT}>'
            f"<title>{html.escape(label)}</title>{''.join(body)}</svg>")


LEGEND_ROW = 16.0  # the height of a row of the legend


def _legend(x: float, y: float, entries: Sequence[tuple[str, str]], right: float) -> tuple[list[str], float]:
    """Swatches with their names in rows from (x, y), a new row where the next would pass ``right``
    (the chart's right edge, so no name is cut off); the drawing and the height the rows after the
    first take."""
    out, start, extra = [], x, 0.0
    for name, fill in entries:
        end = x + 14 + text_width(name)
        if x > start and end > right:
            x, extra = start, extra + LEGEND_ROW
        out.append(f'<rect x="{x:g}" y="{y + extra - 9:g}" width="10" height="10" fill="{fill}"/>')
        out.append(_text(x + 14, y + extra, name))
        x += 24 + text_width(name)
    return out, extra


def text_width(words: str, size: int = 11) -> float:
    """How wide ``words`` are drawn at ``size`` px: DejaVu Sans averages about 0.6 of its size a character."""
    return 0.6 * size * len(words)


def rates(title: str, rows: Sequence[tuple[str, Sequence[dict]]], policies: Sequence[str]) -> str:
    """Horizontal bars, one group a row and one bar a policy: the share (0 to 100%), its 95% interval
    as a whisker, and ``count/games`` at the end. ``rows``: (label, one rate dict a policy)."""
    left, width, bar = 230.0, 330.0, 12.0
    group = bar * len(policies) + 8
    legend, extra = _legend(left, 28, [(p, colour(i)) for i, p in enumerate(policies)], left + width + 70)
    top = 34.0 + extra
    height = top + group * len(rows) + 30
    body = [_text(0, 14, title, 13, bold=True), *legend]
    for tick in range(0, 101, 20):  # the axis: a grid line a tick, labelled in per cent
        x = left + width * tick / 100
        body.append(f'<line x1="{x:g}" y1="{top:g}" x2="{x:g}" y2="{height - 24:g}" stroke="#ddd"/>')
        body.append(_text(x, height - 12, f"{tick}%", 10, "middle"))
    body.append(_text(left + width / 2, height - 1, "share of games (bar), 95% interval (whisker)", 10, "middle",
                      "#555"))
    for r, (label, cells) in enumerate(rows):
        y0 = top + r * group + 4
        body.append(_text(left - 8, y0 + group / 2, _clip(label, 34), 11, "end"))
        for i, cell in enumerate(cells):
            y = y0 + i * bar
            value, low, high = cell["value"] or 0.0, cell["low"] or 0.0, cell["high"] or 0.0
            body.append(f'<rect x="{left:g}" y="{y:g}" width="{width * value:.2f}" height="{bar - 3:g}" '
                        f'fill="{colour(i)}"><title>{html.escape(_share(policies[i], cell))}</title></rect>')
            mid = y + (bar - 3) / 2
            body.append(f'<line x1="{left + width * low:.2f}" y1="{mid:g}" x2="{left + width * high:.2f}" '
                        f'y2="{mid:g}" stroke="#000" stroke-width="1.2"/>')
            body.append(_text(left + width + 6, mid + 4, f"{cell['count']}/{cell['games']}", 10))
    return _svg(left + width + 70, height, body, title)


def turns(title: str, reports: Sequence[dict]) -> str:
    """How many turns games lasted: one histogram a policy, side by side, on the same axes (won games
    green, lost games red, stacked)."""
    counts = [(r["turns"]["won"]["counts"], r["turns"]["lost"]["counts"]) for r in reports]
    last = max([int(t) for won, lost in counts for t in (*won, *lost)] or [1])
    peak = max([won.get(str(t), 0) + lost.get(str(t), 0) for won, lost in counts for t in range(1, last + 1)] or [1])
    plot_w, plot_h, gap, left = 240.0, 110.0, 40.0, 40.0
    width = left + len(reports) * (plot_w + gap)
    height = 48 + plot_h + 36
    legend, _ = _legend(left, 30, [("won", WON), ("lost", LOST)], width)
    body = [_text(0, 14, title, 13, bold=True), *legend]
    step = max(1, round(peak / 4))
    for n, report in enumerate(reports):
        x0, y0 = left + n * (plot_w + gap), 48.0
        body.append(_text(x0 + plot_w / 2, y0 - 2, f"{report['policy']} ({report['runs']} games)", 11, "middle",
                          colour(n), True))
        for tick in range(0, peak + 1, step):  # the y axis: games
            y = y0 + plot_h * (1 - tick / peak)
            body.append(f'<line x1="{x0:g}" y1="{y:.2f}" x2="{x0 + plot_w:g}" y2="{y:.2f}" stroke="#eee"/>')
            body.append(_text(x0 - 4, y + 3, str(tick), 9, "end"))
        bar = plot_w / last
        won, lost = counts[n]
        for t in range(1, last + 1):
            w, lo = won.get(str(t), 0), lost.get(str(t), 0)
            x = x0 + (t - 1) * bar
            for value, below, fill in ((lo, 0, LOST), (w, lo, WON)):
                if value:
                    h = plot_h * value / peak
                    y = y0 + plot_h * (1 - below / peak) - h
                    body.append(f'<rect x="{x:.2f}" y="{y:.2f}" width="{max(bar - 1, 0.5):.2f}" height="{h:.2f}" '
                                f'fill="{fill}"><title>turn {t}: {value} {"lost" if fill == LOST else "won"}'
                                f"</title></rect>")
            if t == 1 or t % 5 == 0:  # the x axis: turns
                body.append(_text(x + bar / 2, y0 + plot_h + 12, str(t), 9, "middle"))
        body.append(f'<line x1="{x0:g}" y1="{y0 + plot_h:g}" x2="{x0 + plot_w:g}" y2="{y0 + plot_h:g}" '
                    f'stroke="#000"/><line x1="{x0:g}" y1="{y0:g}" x2="{x0:g}" y2="{y0 + plot_h:g}" stroke="#000"/>')
        body.append(_text(x0 + plot_w / 2, y0 + plot_h + 26, "turn the game ended", 10, "middle", "#555"))
    body.append(f'<text x="10" y="{48 + plot_h / 2:g}" font-size="10" fill="#555" text-anchor="middle" '
                f'transform="rotate(-90 10 {48 + plot_h / 2:g})">games</text>')
    return _svg(width, height, body, title)


def stacked(title: str, rows: Sequence[tuple[str, Sequence[dict]]], parts: Sequence[tuple[str, str]],
            policies: Sequence[str]) -> str:
    """Bars split into parts (how each hero's games ended), one a policy, 0 to 100% of its games.
    ``rows``: (label, one dict a policy of part -> count, with ``games``); ``parts``: (name, colour)."""
    left, width, bar = 150.0, 380.0, 14.0
    group = bar * len(policies) + 8
    legend, extra = _legend(left, 28, parts, left + width + 80)
    top = 34.0 + extra
    height = top + group * len(rows) + 30
    body = [_text(0, 14, title, 13, bold=True), *legend]
    for tick in range(0, 101, 25):
        x = left + width * tick / 100
        body.append(f'<line x1="{x:g}" y1="{top:g}" x2="{x:g}" y2="{height - 24:g}" stroke="#ddd"/>')
        body.append(_text(x, height - 12, f"{tick}%", 10, "middle"))
    body.append(_text(left + width / 2, height - 1, "share of the policy's games", 10, "middle", "#555"))
    for r, (label, cells) in enumerate(rows):
        y0 = top + r * group + 4
        body.append(_text(left - 8, y0 + group / 2, _clip(label, 22), 11, "end"))
        for i, cell in enumerate(cells):
            y, x = y0 + i * bar, left
            games = cell["games"] or 1
            for name, fill in parts:
                w = width * cell.get(name, 0) / games
                if w:
                    body.append(f'<rect x="{x:.2f}" y="{y:g}" width="{w:.2f}" height="{bar - 3:g}" fill="{fill}">'
                                f"<title>{html.escape(f'{policies[i]}: {name} {cell.get(name, 0)} of {games}')}"
                                "</title></rect>")
                x += w
            body.append(_text(left + width + 6, y + bar - 4, policies[i], 10, fill=colour(i)))
    return _svg(left + width + 80, height, body, title)


def scale(fill: str, peak: int, what: str, name: str) -> str:
    """The colour scale of a heatmap: from faint (1) to full (``peak``), with its unit; ``name``
    makes its gradient's id unique in the page."""
    width, height = 320.0, 34.0
    stops = (f'<linearGradient id="scale-{name}" x1="0" x2="1"><stop offset="0" stop-color="{fill}" '
             f'stop-opacity="0.15"/><stop offset="1" stop-color="{fill}" stop-opacity="0.85"/></linearGradient>')
    bar = f'<rect x="10" y="4" width="{width - 60:g}" height="12" fill="url(#scale-{name})" stroke="#999"/>'
    body = [f"<defs>{stops}</defs>", bar, _text(10, 28, "1", 10, "middle"), _text(width - 50, 28, str(peak), 10, "middle"),
            _text(width / 2 - 20, 28, what, 10, "middle", "#555")]
    return _svg(width, height, body, f"colour scale: 1 to {peak} {what}")


def _share(policy: str, cell: dict) -> str:
    return (f"{policy}: {cell['count']} of {cell['games']} games, {100 * (cell['value'] or 0):.1f}% "
            f"(95% interval {100 * (cell['low'] or 0):.1f}% to {100 * (cell['high'] or 0):.1f}%)")


def _clip(label: str, most: int) -> str:
    return label if len(label) <= most else label[:most - 1] + "…"


def effects(title: str, rows: Sequence[dict]) -> str:
    """What each change does to the win rate, in percentage points: a bar from 0 (green up, red
    down), its paired 95% interval as a whisker, the version's win rate at the end. ``rows``: the
    explore report's changes, in its order."""
    left, width, bar = 420.0, 300.0, 14.0
    top = 36.0
    height = top + bar * len(rows) + 34
    reach = max([abs(r["effect"][k]) for r in rows for k in ("low", "high")] + [0.05])
    reach = min(1.0, -(-reach * 10 // 1) / 10)  # up to the next 10 points

    def x(value: float) -> float:
        return left + width * (value + reach) / (2 * reach)

    legend, _ = _legend(left, 30, [("raises the win rate", WON), ("lowers it", LOST)], left + width + 110)
    body = [_text(0, 14, title, 13, bold=True), *legend]
    for k in range(-2, 3):  # the axis: points of win rate, 0 in the middle
        value = reach * k / 2
        body.append(f'<line x1="{x(value):.2f}" y1="{top:g}" x2="{x(value):.2f}" y2="{height - 26:g}" '
                    f'stroke="{"#888" if k == 0 else "#ddd"}"/>')
        body.append(_text(x(value), height - 14, f"{100 * value:+.0f}" if k else "0", 10, "middle"))
    body.append(_text(x(0), height - 2, "change in win rate, points (bar); paired 95% interval (whisker)", 10,
                      "middle", "#555"))
    for i, row in enumerate(rows):
        y = top + i * bar + 2
        e = row["effect"]
        d = e["difference"]
        body.append(_text(left - 8, y + bar - 5, _clip(row["change"], 70), 10, "end"))
        body.append(f'<rect x="{min(x(0), x(d)):.2f}" y="{y:g}" width="{abs(x(d) - x(0)):.2f}" height="{bar - 4:g}" '
                    f'fill="{WON if d >= 0 else LOST}"><title>{html.escape(row["change"])}: {100 * d:+.1f} points'
                    f"</title></rect>")
        mid = y + (bar - 4) / 2
        body.append(f'<line x1="{x(e["low"]):.2f}" y1="{mid:g}" x2="{x(e["high"]):.2f}" y2="{mid:g}" stroke="#000"/>')
        note = f"{100 * (row['win_rate']['value'] or 0):.1f}%" + (" in the band" if row.get("in_band") else "")
        body.append(_text(left + width + 6, y + bar - 5, note, 10))
    return _svg(left + width + 110, height, body, title)
