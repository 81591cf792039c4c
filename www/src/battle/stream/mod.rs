//! The streamer view (issue 26): what a streamer shows an audience, a battle fought fire by fire
//! from the keyboard with its odds moving ([`view`]); the replay cut into beats and the field at
//! any point ([`beats`], plain data); the block tiles ([`tiles`]) and the dice ([`dice`]); and
//! the card of the calculator's page that sets it up and gives its link ([`setup`]).

pub mod beats;
pub mod dice;
pub mod setup;
pub mod tiles;
pub mod view;
