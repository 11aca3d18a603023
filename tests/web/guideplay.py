"""Following a guided first game in Chromium as a new player would: only by what the page
shows (the guide's words and the outlined piece), never by reading the script."""

from __future__ import annotations

import time

from playwright.sync_api import Page

#: What the page shows of the guide, read in one go.
READ_GUIDE = """() => {
  const g = document.querySelector('#guide');
  const end = document.querySelector('#end');
  const pts = [...document.querySelectorAll('.guide-point')].filter((n) => {
    const r = n.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && !n.closest('.hidden');
  });
  return {
    shown: !!g && !g.classList.contains('hidden'),
    head: g ? g.dataset.done : '',
    say: (g && g.querySelector('[data-testid=guide-say]') || {}).textContent || '',
    waiting: !!(g && g.querySelector('[data-testid=guide-wait]')),
    over: !!end && !end.classList.contains('hidden'),
    points: pts.length,
  };
}"""

CLICK_POINT = """() => {
  const pts = [...document.querySelectorAll('.guide-point')].filter((n) => {
    const r = n.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && !n.closest('.hidden');
  });
  // a menu item first (a piece's menu is open), then a piece of the board, then a button
  const menu = pts.find((n) => n.closest('[data-testid=board-menu]'));
  const pick = menu || pts.find((n) => n.closest('#view')) || pts[0];
  if (!pick) return null;
  pick.scrollIntoView({ block: 'center', inline: 'center' });
  pick.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
  return pick.getAttribute('data-testid') || pick.tagName;
}"""


def follow_guide(page: Page, timeout: float = 240.0) -> list[str]:
    """Press what the guide outlines until the game's end screen; returns every sentence the
    guide said to the learner, in order (each once)."""
    said: list[str] = []
    deadline = time.monotonic() + timeout
    page.wait_for_selector("#guide:not(.hidden)")
    while True:
        assert time.monotonic() < deadline, f"the guided game did not end; said {said[-2:]}"
        g = page.evaluate(READ_GUIDE)
        assert g["shown"], "the guide's panel is hidden"
        if g["over"]:
            return said
        if g["waiting"] or not g["points"]:
            page.wait_for_timeout(50)
            continue
        if g["say"] and (not said or said[-1] != g["say"]):
            said.append(g["say"])
        head = g["head"]
        clicked = page.evaluate(CLICK_POINT)
        assert clicked is not None
        # wait until the learner's move is taken (the progress moves on), or a menu opened
        page.wait_for_function(
            """([head]) => {
              const h = document.querySelector('#guide').dataset.done;
              const menu = document.querySelector('[data-testid=board-menu]:not(.hidden)');
              const end = !document.querySelector('#end').classList.contains('hidden');
              return h !== head || !!menu || end;
            }""",
            arg=[head],
            timeout=15000,
        )
