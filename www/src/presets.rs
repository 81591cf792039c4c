//! Ready-made battles: the rulebook's examples and historical ones.

use crate::codec;
use bosworth::Scenario;

/// A named ready-made battle.
pub struct Preset {
    /// Shown in the list.
    pub name: &'static str,
    /// The scenario JSON.
    pub json: &'static str,
}

/// Every preset; the first is the default battle of a new visitor.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "East Anglia: Oxford and Wiltshire attack Norfolk and Suffolk",
        json: r#"{"version":1,"area":"East Anglia","king":"Lancaster","dead":["Somerset"],"treason":"defender",
            "attacker":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":3},{"id":"Wiltshire","strength":2,"reserve":true}],"retreat_capacity":4},
            "defender":{"house":"York","blocks":[{"id":"Norfolk","strength":4},{"id":"Suffolk","strength":3}]}}"#,
    },
    Preset {
        name: "Rulebook 6.2 sidebar: Herbert and Clarence attack Rivers",
        json: r#"{"version":1,"king":"Lancaster",
            "attacker":{"house":"York","blocks":[{"id":"Herbert","strength":3},{"id":"Clarence/Y","strength":3}]},
            "defender":{"house":"Lancaster","blocks":[{"id":"Rivers/L","strength":2}]}}"#,
    },
    Preset {
        name: "Rulebook 2.3: Norfolk attacks Exeter in Cornwall",
        json: r#"{"version":1,"area":"Cornwall","king":"Lancaster",
            "attacker":{"house":"York","blocks":[{"id":"Norfolk","strength":4}]},
            "defender":{"house":"Lancaster","blocks":[{"id":"Exeter/L","strength":3}]}}"#,
    },
    Preset {
        name: "Bosworth 1485: Richmond attacks King Richard at Leicester",
        json: r#"{"version":1,"area":"Leicester","king":"York","dead":["York","March","Rutland","Clarence/Y"],"treason":"attacker",
            "attacker":{"house":"Lancaster","blocks":[{"id":"Richmond","strength":3},{"id":"Oxford","strength":3},{"id":"Pembroke","strength":3}]},
            "defender":{"house":"York","blocks":[{"id":"Gloucester","strength":3},{"id":"Norfolk","strength":4},{"id":"Northumberland/Y","strength":4},{"id":"Stanley/Y","strength":4,"reserve":true}]}}"#,
    },
    Preset {
        name: "Tewkesbury 1471: Edward and his brothers attack Somerset and Prince Edward",
        json: r#"{"version":1,"area":"Gloucester","king":"York","dead":["Henry VI"],
            "attacker":{"house":"York","blocks":[{"id":"York","strength":4},{"id":"Gloucester","strength":3},{"id":"Hastings","strength":3}]},
            "defender":{"house":"Lancaster","blocks":[{"id":"Prince Edward","strength":3},{"id":"Somerset","strength":3},{"id":"Devon","strength":2}]}}"#,
    },
];

impl Preset {
    /// The preset's scenario.
    pub fn scenario(&self) -> Scenario {
        codec::parse(self.json).expect("presets are valid scenarios")
    }
}

/// The battle a first visit opens with.
pub fn default_scenario() -> Scenario {
    PRESETS[0].scenario()
}
