//! How terrain looks: a glyph on a background of its own, and its description.

use super::{show, Look, Showing, Shown, FLOOR_BG};
use crate::colour::{hex, Rgb};
use caves_rules::kinds::tile::Tile;

/// The colour of bare rock.
const STONE: Rgb = hex("#75715E");
/// The dark stone of an altar that still holds its offerings.
const ALTAR_BG: Rgb = hex("#33203F");
/// The planks of a closed door: brown, unlike the grey rock and the dark floor.
const DOOR_BG: Rgb = hex("#6B4423");

const fn look(glyph: u8, fg: Rgb, bg: Rgb) -> Look {
    Look { glyph, fg, bg }
}

/// How `t` shows.
#[rustfmt::skip]
fn showing(t: Tile) -> &'static Showing {
    match t {
        Tile::Floor => &const { show(look(250, STONE, FLOOR_BG), "Bare rock worn smooth by water long gone.") },
        Tile::Wall => &const { show(look(177, STONE, hex("#3E3D32")), "Solid rock.") },
        Tile::Bounds => &const { show(look(b' ', [0, 0, 0], [0, 0, 0]), "The edge of the world.") },
        Tile::StairsUp => &const { show(look(b'<', hex("#F8F8F2"), FLOOR_BG), "Rough steps climbing to the level above.") },
        Tile::StairsDown => &const { show(look(b'>', hex("#F8F8F2"), FLOOR_BG), "Rough steps leading down into the dark.") },
        Tile::Stalagmite => &const { show(look(30, hex("#A89F7A"), FLOOR_BG), "A tall spike of dripstone; it blocks the way and the view.") },
        Tile::Pool => &const { show(look(247, hex("#66D9EF"), hex("#1B3A4B")), "Black water, too deep to wade. You can see across it.") },
        Tile::Fungus => &const { show(look(5, hex("#A6E22E"), FLOOR_BG), "Pale caps that light the cells around them green, torch or no torch. They burn slowly: a fire to rest by.") },
        Tile::Rubble => &const { show(look(44, hex("#9E9A85"), FLOOR_BG), "Loose stones fallen from the ceiling.") },
        Tile::DoorClosed => &const { show(look(b'+', hex("#E8C07A"), DOOR_BG), "A closed door: it blocks sight and light. Walk into it to open it, as creatures with hands do.") },
        Tile::DoorOpen => &const { show(look(b'\'', hex("#E8C07A"), FLOOR_BG), "An open door. Beside it, C closes it.") },
        Tile::AlarmPlate => &const { show(look(b'^', hex("#E6DB74"), FLOOR_BG), "An alarm plate: step on it and a gong wakes the whole level.") },
        Tile::NetPlate => &const { show(look(b'^', hex("#F8F8F2"), FLOOR_BG), "A net plate: a weighted net drops on whoever steps on it.") },
        Tile::GasPlate => &const { show(look(b'^', hex("#AE81FF"), FLOOR_BG), "A gas plate: it puffs a befuddling cloud over itself and the cells around.") },
        Tile::PitPlate => &const { show(look(239, hex("#FD971F"), FLOOR_BG), "A trapdoor: whoever steps on it falls to the level below, hurt.") },
        Tile::Altar => &const { show(look(b'_', hex("#E6DB74"), ALTAR_BG), "An altar, three offerings beside it. Take one and the others crumble to dust: choose.") },
        Tile::ColdAltar => &const { show(look(b'_', STONE, FLOOR_BG), "A cold altar: its offering was chosen.") },
        Tile::Fire => &const { show(look(15, hex("#FFD75F"), hex("#3C1206")), "Flames: they burn whoever stands in them, light and warm the cells around, spread over moss and fungus, and die down.") },
        Tile::Moss => &const { show(look(b'"', hex("#B8A05A"), FLOOR_BG), "Dry moss, brittle and brown: a spark sets it alight, and fire runs over it.") },
        Tile::HiddenAlarm | Tile::HiddenNet | Tile::HiddenGas | Tile::HiddenPit => showing(Tile::Floor),
    }
}

impl Shown for Tile {
    fn showing(self) -> &'static Showing {
        showing(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::Palette;

    #[test]
    fn palette_follows_the_design() {
        assert_eq!(Tile::Floor.look().glyph, 250);
        assert_eq!(Tile::Wall.look().glyph, 177);
        assert_eq!(Tile::Floor.look().fg, [0x75, 0x71, 0x5E]);
        assert_eq!(Tile::Floor.look().bg, [0x1E, 0x23, 0x20]);
        assert_eq!(Tile::Wall.look().bg, [0x3E, 0x3D, 0x32]);
    }

    #[test]
    fn plates_stand_apart_by_colour_and_hidden_ones_look_like_floor() {
        let plates = [
            Tile::AlarmPlate,
            Tile::NetPlate,
            Tile::GasPlate,
            Tile::PitPlate,
        ];
        for palette in [Palette::Standard, Palette::ColourSafe] {
            let fg: Vec<_> = plates
                .iter()
                .map(|t| (t.look().glyph, palette.map(t.look().fg)))
                .collect();
            for (i, c) in fg.iter().enumerate() {
                assert!(!fg[i + 1..].contains(c), "{palette:?}: {fg:?}");
            }
        }
        // A trapdoor is a hole (its own glyph), the others plates that tell apart by colour.
        assert!(plates[..3].iter().all(|t| t.look().glyph == b'^'));
        assert_ne!(Tile::PitPlate.look().glyph, Tile::Floor.look().glyph);
        for t in [
            Tile::HiddenAlarm,
            Tile::HiddenNet,
            Tile::HiddenGas,
            Tile::HiddenPit,
        ] {
            assert_eq!(t.look(), Tile::Floor.look());
            assert_eq!(t.description(), Tile::Floor.description());
        }
    }

    #[test]
    fn doors_stand_apart_from_walls_floor_and_each_other() {
        let glyphs =
            [Tile::Floor, Tile::Wall, Tile::DoorClosed, Tile::DoorOpen].map(|t| t.look().glyph);
        for (i, g) in glyphs.iter().enumerate() {
            assert!(!glyphs[i + 1..].contains(g), "{glyphs:?}");
        }
        for palette in [Palette::Standard, Palette::ColourSafe] {
            let bg = |t: Tile| palette.map(t.look().bg);
            assert_ne!(bg(Tile::DoorClosed), bg(Tile::Wall));
            assert_ne!(bg(Tile::DoorClosed), bg(Tile::Floor));
            assert_ne!(
                palette.map(Tile::DoorOpen.look().fg),
                palette.map(Tile::Floor.look().fg)
            );
        }
    }
}
