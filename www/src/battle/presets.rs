//! Ready-made battles: the rulebook's examples and eight battles of history, each also a file of
//! `examples/` (embedded here), so the CLI's goldens cover their figures.

use crate::shell::codec;
use bosworth::Scenario;

/// A named ready-made battle.
pub struct Preset {
    /// Shown in the list.
    pub name: &'static str,
    /// The battle's title on a stream (the streamer view), short.
    pub title: &'static str,
    /// What it is, in one line: what happened, or where the rulebook shows it.
    pub note: &'static str,
    /// The scenario JSON.
    pub json: &'static str,
}

/// Every preset; the first is the default battle of a new visitor.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "East Anglia: Oxford and Wiltshire attack Norfolk and Suffolk",
        title: "Oxford and Wiltshire attack East Anglia",
        note: "Not a battle of history: a typical clash, Wiltshire coming over another border as a reserve.",
        json: r#"{"version":1,"area":"East Anglia","king":"Lancaster","dead":["Somerset"],
            "attacker":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":3},{"id":"Wiltshire","strength":2,"reserve":true}],"retreat_capacity":4},
            "defender":{"house":"York","blocks":[{"id":"Norfolk","strength":4},{"id":"Suffolk","strength":3}]}}"#,
    },
    Preset {
        name: "Rulebook 6.2 sidebar: Herbert and Clarence attack Rivers",
        title: "Herbert and Clarence attack Rivers",
        note: "The rulebook's own example of the order of fire within a battle round (6.2).",
        json: r#"{"version":1,"king":"Lancaster",
            "attacker":{"house":"York","blocks":[{"id":"Herbert","strength":3},{"id":"Clarence/Y","strength":3}]},
            "defender":{"house":"Lancaster","blocks":[{"id":"Rivers/L","strength":2}]}}"#,
    },
    Preset {
        name: "Rulebook 2.3: Norfolk attacks Exeter in Cornwall",
        title: "Norfolk attacks Exeter in Cornwall",
        note: "The rulebook's own example of a shield and a crown together: Exeter, the senior royal heir here, defends Cornwall at A3 (2.3).",
        json: r#"{"version":1,"area":"Cornwall","king":"Lancaster",
            "attacker":{"house":"York","blocks":[{"id":"Norfolk","strength":4}]},
            "defender":{"house":"Lancaster","blocks":[{"id":"Exeter/L","strength":3}]}}"#,
    },
    Preset {
        name: "First St Albans 1455: York and the Nevilles attack Henry VI in the town",
        title: "The first battle of St Albans, 1455",
        note: "22 May 1455: the Duke of York with Salisbury and Warwick attacks the King's small army in the streets (every Lancastrian block at 2; Henry VI, who did not fight and was wounded by an arrow, at 1); St Albans lies in the game's Middlesex, where the King defends the crown at +1 (2.3, D7); Warwick's rush through the back gardens has no counterpart, and York must clear the area to hold it (D13); Somerset, Northumberland and Clifford died there.",
        json: include_str!("../../../examples/st-albans-1455.json"),
    },
    Preset {
        name: "Northampton 1460: Warwick, March and Fauconberg storm the royal camp",
        title: "The battle of Northampton, 1460",
        note: "10 July 1460: Warwick, Edward of March and Fauconberg (the Kent block) attack the entrenched camp by the Nene, in the game's Leicester; Henry VI, taken in his tent, is at 2, and Buckingham, Shrewsbury and Beaumont, who died, below full strength for the smaller army; Lord Grey of Ruthin, whose men let the Yorkists in, has no block, and no Bombard stands in the line because rain drowned the Lancastrian guns.",
        json: include_str!("../../../examples/northampton-1460.json"),
    },
    Preset {
        name: "Wakefield 1460: Somerset, Northumberland and Clifford close on York at Sandal",
        title: "The battle of Wakefield, 1460",
        note: "30 December 1460: York sallied out of Sandal Castle, but in the game's terms the Lancastrians moved into South Yorks, where he held, so he defends a York royal shield at +1 (2.2, D7); John Neville of Raby fights as his brother's Westmoreland block; Rutland, aged 17, is at 2; York and Rutland died, and Salisbury was executed the next day.",
        json: include_str!("../../../examples/wakefield-1460.json"),
    },
    Preset {
        name: "Mortimer's Cross 1461: Jasper Tudor attacks Edward of March in Hereford",
        title: "The battle of Mortimer's Cross, 1461",
        note: "2 February 1461: Jasper Tudor (Pembroke), Wiltshire and their Welsh soldiers (the Welsh Mercenary, with no +1 outside Wales, 2.6) march into Hereford, where Edward (the March block), his house's senior heir since Wakefield, defends a York royal shield at +1 (2.2, D7) with Herbert; Owen Tudor and the Irish, French and Breton soldiers have no block of their own, and the three suns in the sky are not in the game.",
        json: include_str!("../../../examples/mortimers-cross-1461.json"),
    },
    Preset {
        name: "Towton 1461: Edward IV attacks Somerset's larger army north of the Aire",
        title: "The battle of Towton, 1461",
        note: "29 March 1461: Edward IV (the March block, King since 4 March, with no crown bonus as the attacker), Warwick (at 3, wounded at Ferrybridge the day before) and Fauconberg (Kent) attack Somerset, Northumberland, Exeter, Devon and Wiltshire in South Yorks; Norfolk, who came up in the afternoon, is a reserve (6.3); Wiltshire fled (a retreat from round 2); Henry VI waited in the city of York and is left out; the snow at the Yorkist archers' backs is not in the game, where a defender not cleared holds the area (D13).",
        json: include_str!("../../../examples/towton-1461.json"),
    },
    Preset {
        name: "Barnet 1471: Warwick, now Lancastrian, marches on Edward IV in the fog",
        title: "The battle of Barnet, 1471",
        note: "14 April 1471: Warwick, Oxford and Exeter march on Edward IV, who holds London, so in the game's Middlesex Warwick attacks and Edward (the March block) defends the crown at +1 (2.3, D7), with Gloucester, Clarence (back with his brothers) and Hastings at 2 for the smaller army; Montagu has no block, and the fog in which Oxford's men were taken for traitors is not in the game; Warwick died.",
        json: include_str!("../../../examples/barnet-1471.json"),
    },
    Preset {
        name: "Tewkesbury 1471: Edward IV and his brothers attack Prince Edward and Somerset",
        title: "The battle of Tewkesbury, 1471",
        note: "4 May 1471: Edward IV (the March block; his father Richard of York fell in 1460), Clarence, Gloucester and Hastings destroyed the last Lancastrian army three weeks after Warwick died at Barnet; Prince Edward and Somerset died.",
        json: include_str!("../../../examples/tewkesbury-1471.json"),
    },
    Preset {
        name: "Bosworth 1485: Richmond attacks King Richard at Leicester",
        title: "The battle of Bosworth, 1485",
        note: "22 August 1485: Henry Tudor (Richmond), the last Lancastrian heir, with Oxford and Jasper Tudor (Pembroke), against Richard III; Northumberland held back (a retreat plan from round 2), Stanley waited in reserve and turned (Richmond's Treachery roll in round 2), and Richard fell.",
        json: include_str!("../../../examples/bosworth-1485.json"),
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
