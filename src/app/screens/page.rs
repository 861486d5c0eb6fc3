//! A page over the other screens, holding no state of its own: help and your days. Drawn
//! whole; a tap anywhere closes it, as back, help and its own key do; any other command is
//! used up.

use crate::app::ctx::Ctx;
use crate::app::input::{command, Command};
use crate::app::next::{Layer, Next, Region, Screen};
use crate::app::screens::{days, help};
use crate::view::frame::Frame;

pub(crate) struct Page {
    screen: Screen,
    draw: fn(&mut Frame, &Ctx),
    /// The key that opened it, which closes it too.
    key: &'static str,
}

impl Page {
    pub(crate) const HELP: Page = Page {
        screen: Screen::Help,
        draw: help::draw,
        key: "?",
    };
    pub(crate) const DAYS: Page = Page {
        screen: Screen::Days,
        draw: days::draw,
        key: "Y",
    };
}

impl Layer for Page {
    fn screen(&self) -> Screen {
        self.screen
    }

    fn regions(&self, ctx: &Ctx) -> Vec<Region> {
        vec![Region::whole(ctx.layout, "Escape")]
    }

    fn draw(&self, f: &mut Frame, ctx: &Ctx) {
        (self.draw)(f, ctx);
    }

    fn key(&mut self, ctx: &mut Ctx, key: &str) -> Option<Next> {
        if key == self.key {
            return Some(Next::Pop);
        }
        if ctx.toggle_prefs(key) {
            return Some(Next::Stay);
        }
        Some(match command(key)? {
            Command::Help | Command::Back => Next::Pop,
            _ => Next::Stay,
        })
    }
}
