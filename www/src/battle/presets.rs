//! Ready-made battles: the rulebook's examples and historical ones.

use crate::shell::codec;
use bosworth::Scenario;

/// A named ready-made battle.
pub struct Preset {
    /// Shown in the list.
    pub name: &'static str,
    /// What it is, in one line: what happened, or where the rulebook shows it.
    pub note: &'static str,
    /// The scenario JSON.
    pub json: &'static str,
}

/// Every preset; the first is the default battle of a new visitor.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "East Anglia: Oxford and Wiltshire attack Norfolk and Suffolk",
        note: "Not a battle of history: a typical clash, Wiltshire coming over another border as a reserve, York holding the Treason card.",
        json: r#"{"version":1,"area":"East Anglia","king":"Lancaster","dead":["Somerset"],"treason":"defender",
            "attacker":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":3},{"id":"Wiltshire","strength":2,"reserve":true}],"retreat_capacity":4},
            "defender":{"house":"York","blocks":[{"id":"Norfolk","strength":4},{"id":"Suffolk","strength":3}]}}"#,
    },
    Preset {
        name: "Rulebook 6.2 sidebar: Herbert and Clarence attack Rivers",
        note: "The rulebook's own example of the order of fire within a battle round (6.2).",
        json: r#"{"version":1,"king":"Lancaster",
            "attacker":{"house":"York","blocks":[{"id":"Herbert","strength":3},{"id":"Clarence/Y","strength":3}]},
            "defender":{"house":"Lancaster","blocks":[{"id":"Rivers/L","strength":2}]}}"#,
    },
    Preset {
        name: "Rulebook 2.3: Norfolk attacks Exeter in Cornwall",
        note: "The rulebook's own example of a shield and a crown together: Exeter, the senior royal heir here, defends Cornwall at A3 (2.3).",
        json: r#"{"version":1,"area":"Cornwall","king":"Lancaster",
            "attacker":{"house":"York","blocks":[{"id":"Norfolk","strength":4}]},
            "defender":{"house":"Lancaster","blocks":[{"id":"Exeter/L","strength":3}]}}"#,
    },
    Preset {
        name: "Bosworth 1485: Richmond attacks King Richard at Leicester",
        note: "22 August 1485: Henry Tudor (Richmond), the last Lancastrian heir, with Oxford and Jasper Tudor (Pembroke), against Richard III; Northumberland held back (a retreat plan from round 2), Stanley waited in reserve and turned (Richmond's Treachery roll in round 2), and Richard fell.",
        json: r#"{"version":1,"area":"Leicester","king":"York","dead":["York","March","Rutland","Clarence/Y","Henry VI","Prince Edward","Exeter/L","Somerset","Warwick/Y","Salisbury/Y","Kent/Y"],
            "attacker":{"house":"Lancaster","blocks":[{"id":"Richmond","strength":3},{"id":"Oxford","strength":3},{"id":"Pembroke","strength":3}]},
            "defender":{"house":"York","blocks":[{"id":"Gloucester","strength":3},{"id":"Norfolk","strength":4},{"id":"Northumberland/Y","strength":4},{"id":"Stanley/Y","strength":4,"reserve":true}]},
            "policy":{"attacker":{"treachery":[{"by":"Richmond","target":"Stanley/Y","round":2}],"hit_order":["Stanley/L","Oxford","Pembroke","Richmond"]},
                      "defender":{"retreats":[{"block":"Northumberland/Y","from_round":2}]}}}"#,
    },
    Preset {
        name: "Tewkesbury 1471: Edward IV and his brothers attack Prince Edward and Somerset",
        note: "4 May 1471: Edward IV (the March block; his father Richard of York fell in 1460), Clarence, Gloucester and Hastings destroyed the last Lancastrian army three weeks after Warwick died at Barnet; Prince Edward and Somerset died.",
        json: r#"{"version":1,"area":"Gloucester","king":"York","dead":["York","Rutland","Warwick/Y","Salisbury/Y","Kent/Y"],
            "attacker":{"house":"York","blocks":[{"id":"March","strength":3},{"id":"Clarence/Y","strength":3},{"id":"Gloucester","strength":3},{"id":"Hastings","strength":3}]},
            "defender":{"house":"Lancaster","blocks":[{"id":"Prince Edward","strength":3},{"id":"Somerset","strength":3},{"id":"Devon","strength":2}]}}"#,
    },
];

impl Preset {
    /// The preset's scenario.
    pub fn scenario(&self) -> Scenario {
        codec::parse(self.json).expect("presets are valid scenarios")
    }
}

/// The ready-made battle this scenario is, unchanged, if any.
pub fn preset_of(s: &Scenario) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.scenario() == *s)
}

/// The battle a first visit opens with.
pub fn default_scenario() -> Scenario {
    PRESETS[0].scenario()
}
