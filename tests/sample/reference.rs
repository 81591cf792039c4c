//! The printed facts of *Richard III*, read from `docs/reference/richard-iii-blocks-and-map.md`
//! (a copy of the shared reference table), not from `bosworth::data`: every block's house, type,
//! maximum strength, combat rating, loyalty, heir rank and where it defends at +1; every area's
//! shields, crown, city, cathedral; Wales, the exile areas and the borders. The independent
//! battle sampler (`battle.rs`) and its generator use these, so a typo in the engine's data and
//! the reference cannot agree by accident.

use bosworth::data::House;

/// The kind of a block (3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Heir,
    Noble,
    Church,
    Levy,
    Mercenary,
    Bombard,
    Rebel,
}

/// Where a block defends at +1 firepower (2.2-2.6, 3.21-3.24), as the table's last column says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Defends {
    /// No bonus anywhere.
    Nowhere,
    /// A noble: areas holding the shield of this name (2.2).
    Shield(String),
    /// One area only (the defected Exeter/Y: Cornwall).
    Area(String),
    /// A noble using a house's royal shields (the defected Clarence/L: York's, 9.1).
    RoyalShields(House),
    /// An heir: his own specific shield if he has one, his house's royal shields and crowns
    /// while he is the senior heir (2.2, 2.3, 3.21).
    Heir { own: Option<String>, house: House },
    /// A church block: its cathedral (2.5).
    Cathedral(String),
    /// A levy: its city (2.4).
    City(String),
    /// The Welsh Mercenary: any area of Wales (2.6).
    Wales,
}

/// One row of the blocks table.
#[derive(Debug, Clone)]
pub struct Block {
    pub id: String,
    /// `None` for the Rebel (black).
    pub house: Option<House>,
    pub kind: Kind,
    pub max: u8,
    /// Initiative: 0 = A ... 3 = D (3.12).
    pub letter: u8,
    pub fire: u8,
    /// Treachery dice while serving this house; `None` for a rose noble or a block that cannot
    /// defect (3.13).
    pub loyalty: Option<u8>,
    pub rose: bool,
    pub heir_rank: Option<u8>,
    pub defends: Defends,
}

impl Block {
    /// The person: the id without its `/Y` or `/L` (both versions of a noble are one person, 4.6).
    pub fn person(&self) -> &str {
        self.id
            .strip_suffix("/Y")
            .or_else(|| self.id.strip_suffix("/L"))
            .unwrap_or(&self.id)
    }
}

/// One row of the areas table.
#[derive(Debug, Clone)]
pub struct Area {
    pub name: String,
    pub shields: Vec<String>,
    pub crown: bool,
    pub city: Option<String>,
    pub cathedral: Option<String>,
}

/// One land or sea border.
#[derive(Debug, Clone)]
pub struct Border {
    pub a: String,
    pub b: String,
    /// Blocks per round for a land border (5.21: 4, 3, 2); `None` for a sea link.
    pub limit: Option<u8>,
}

/// Everything the reference table says.
#[derive(Debug, Clone)]
pub struct Reference {
    pub blocks: Vec<Block>,
    pub areas: Vec<Area>,
    pub borders: Vec<Border>,
    pub wales: Vec<String>,
    pub exiles: Vec<String>,
    /// The Neville family (3.13, 6.83): they may use each other's shields once the owner is dead.
    pub nevilles: Vec<String>,
}

fn house(s: &str) -> Option<House> {
    match s {
        "York" => Some(House::York),
        "Lancaster" => Some(House::Lancaster),
        "Rebel" => None,
        _ => panic!("unknown house '{s}'"),
    }
}

fn cells(line: &str) -> Vec<String> {
    let t = line.trim().trim_start_matches('|').trim_end_matches('|');
    t.split('|').map(|c| c.trim().to_string()).collect()
}

fn defends(s: &str) -> Defends {
    let royal = |t: &str| {
        if t.contains("a York royal shield") {
            House::York
        } else if t.contains("a Lancaster royal shield") {
            House::Lancaster
        } else {
            panic!("no royal shield in '{t}'")
        }
    };
    if s == "-" {
        Defends::Nowhere
    } else if s.contains("crowns while a royal heir") {
        let own = s
            .strip_prefix("areas with the ")
            .and_then(|t| t.split(" shield").next())
            .map(str::to_string);
        Defends::Heir {
            own,
            house: royal(s),
        }
    } else if s.starts_with("areas with a ") {
        Defends::RoyalShields(royal(s))
    } else if let Some(t) = s.strip_prefix("areas with the ") {
        Defends::Shield(t.strip_suffix(" shield").expect(s).to_string())
    } else if let Some(t) = s.strip_prefix("its cathedral: ") {
        Defends::Cathedral(t.to_string())
    } else if let Some(t) = s.strip_prefix("its city: ") {
        Defends::City(t.to_string())
    } else if s == "any area of Wales" {
        Defends::Wales
    } else if let Some((area, _)) = s.split_once(" (the ") {
        Defends::Area(area.to_string())
    } else {
        panic!("cannot read where a block defends: '{s}'")
    }
}

fn list(s: &str) -> Vec<String> {
    if s == "-" {
        vec![]
    } else {
        s.split(',').map(|x| x.trim().to_string()).collect()
    }
}

impl Reference {
    /// Reads the reference table from the repository.
    pub fn load() -> Reference {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/docs/reference/richard-iii-blocks-and-map.md"
        );
        Reference::parse(&std::fs::read_to_string(path).expect("the reference table"))
    }

    /// Reads the reference table's text.
    pub fn parse(text: &str) -> Reference {
        let mut section = "";
        let mut r = Reference {
            blocks: vec![],
            areas: vec![],
            borders: vec![],
            wales: vec![],
            exiles: vec![],
            nevilles: vec![],
        };
        for line in text.lines() {
            if let Some(h) = line.strip_prefix("## ") {
                section = if h.starts_with("Blocks") {
                    "blocks"
                } else if h == "Areas" {
                    "areas"
                } else if h == "Borders" {
                    "borders"
                } else {
                    ""
                };
                continue;
            }
            if let Some(i) = line.find("Wales: ") {
                let rest = &line[i + "Wales: ".len()..];
                let names = rest.split('.').next().unwrap();
                r.wales = names.split(',').map(|x| x.trim().to_string()).collect();
            }
            if let Some(rest) = line.strip_prefix("Shields name the nobles") {
                // "Exile areas: France, Scotland (Lancaster); Calais, Ireland (York);"
                let ex = rest.split("Exile areas: ").nth(1).expect("exile areas");
                for part in ex.split(';').take(2) {
                    let names = part.split('(').next().unwrap();
                    r.exiles
                        .extend(names.split(',').map(|x| x.trim().to_string()));
                }
            }
            if let Some(i) = line.find("The three Nevilles (") {
                let rest = &line[i + "The three Nevilles (".len()..];
                let names = rest.split(')').next().unwrap();
                r.nevilles = names.split(',').map(|x| x.trim().to_string()).collect();
            }
            if !line.starts_with('|') || line.starts_with("|---") {
                continue;
            }
            let c = cells(line);
            match section {
                "blocks" if c[0] != "id" => {
                    let rating = c[4].as_bytes();
                    r.blocks.push(Block {
                        id: c[0].clone(),
                        house: house(&c[1]),
                        kind: match c[2].as_str() {
                            "heir" => Kind::Heir,
                            "noble" => Kind::Noble,
                            "church" => Kind::Church,
                            "levy" => Kind::Levy,
                            "mercenary" => Kind::Mercenary,
                            "bombard" => Kind::Bombard,
                            "rebel" => Kind::Rebel,
                            k => panic!("unknown kind {k}"),
                        },
                        max: c[3].parse().unwrap(),
                        letter: rating[0] - b'A',
                        fire: rating[1] - b'0',
                        loyalty: c[5].parse().ok(),
                        rose: c[5] == "rose",
                        heir_rank: c[6].parse().ok(),
                        defends: defends(&c[7]),
                    });
                }
                "areas" if c[0] != "area" => r.areas.push(Area {
                    name: c[0].clone(),
                    shields: list(&c[1]),
                    crown: c[2] == "yes",
                    city: (c[3] != "-").then(|| c[3].clone()),
                    cathedral: (c[4] != "-").then(|| c[4].clone()),
                }),
                "borders" if c[0] != "area" => r.borders.push(Border {
                    a: c[0].clone(),
                    b: c[1].clone(),
                    limit: if c[2] == "sea" {
                        None
                    } else {
                        Some(
                            c[2].trim_end_matches(')')
                                .rsplit(' ')
                                .next()
                                .unwrap()
                                .parse()
                                .unwrap(),
                        )
                    },
                }),
                _ => {}
            }
        }
        assert_eq!(r.blocks.len(), 63, "the reference lists 63 blocks");
        assert_eq!(r.wales.len(), 4, "Wales has four areas (2.6)");
        assert_eq!(r.exiles.len(), 4, "four exile areas (2.7)");
        assert_eq!(r.nevilles.len(), 3, "three Nevilles (3.13)");
        r
    }

    /// The block of this id (case ignored).
    pub fn block(&self, id: &str) -> Option<&Block> {
        self.blocks.iter().find(|b| b.id.eq_ignore_ascii_case(id))
    }

    /// The area of this name.
    pub fn area(&self, name: &str) -> Option<&Area> {
        self.areas
            .iter()
            .find(|a| a.name.eq_ignore_ascii_case(name))
    }

    /// The other version of a block that can change sides (4.6): `Stanley/Y` for `Stanley/L`.
    /// Blocks that never defect (the two Bombards are two blocks, not one noble) have none.
    pub fn other_version(&self, b: &Block) -> Option<&Block> {
        let other = if b.id.ends_with("/Y") {
            format!("{}/L", b.person())
        } else if b.id.ends_with("/L") {
            format!("{}/Y", b.person())
        } else {
            return None;
        };
        let o = self.block(&other)?;
        (b.loyalty.is_some() || o.loyalty.is_some()).then_some(o)
    }

    /// The land borders of an area, with their limits (5.21).
    pub fn land_borders(&self, area: &str) -> Vec<(String, u8)> {
        self.borders
            .iter()
            .filter_map(|b| {
                let limit = b.limit?;
                if b.a == area {
                    Some((b.b.clone(), limit))
                } else if b.b == area {
                    Some((b.a.clone(), limit))
                } else {
                    None
                }
            })
            .collect()
    }
}
