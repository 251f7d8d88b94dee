"""Export docs/table.svg (run: python docs/make_table_svg.py): Ann against three bots, mid-trick, felt theme, seed 3."""
import asyncio, sys
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1]))
from tests.tui.helpers import make_app, settle
from cardtable.tui.screens.table import TableScreen
async def main():
    app = make_app("Ann,bot:simple,bot:simple,bot:simple", seed=3, theme="felt")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and not app.screen.busy
                     and app.screen.game.to_act == (0,))
        await pilot.press("6", "7")
        await pilot.pause()
        app.save_screenshot("table.svg", path=str(__import__("pathlib").Path(__file__).resolve().parent))
asyncio.run(main())
