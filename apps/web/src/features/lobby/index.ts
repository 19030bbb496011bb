/** The lobby feature's public entry: its first reads, and the lobby page that other pages show beneath a dialog. */
export { prefetchLobby } from './lobby-data';
export { Component as LobbyPage } from './lobby-page';
