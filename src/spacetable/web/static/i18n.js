// The interface's texts in English and French; the games' own texts come from the server.
const TEXTS = {
  en: {
    undo: "Undo", undo_title: "Take back your last decision (until another seat acts or something hidden is revealed)",
    title: "spacetable", lobby: "Lobby", create: "Create a table", game: "Game", players: "Players",
    options: "Options", seats: "Seats", seat: "Seat", human: "person", bot: "bot", level: "level",
    random: "random", easy: "easy", medium: "medium", hard: "hard", learned: "learned", name: "Name",
    speed: "Speed (game seconds per second)", bot_delay: "Bots wait (seconds) before playing",
    hotseat: "Play every person's seat in this browser (hot-seat)", start_now: "Start at once",
    created: "Table created", invite: "Invitation links (one per person; keep them secret)",
    open_table: "Open the table", spectate: "Watch", start: "Start the table", started: "Started",
    tables: "Tables", open: "open", running: "running", over: "over", broken: "broken",
    refresh: "Refresh", none: "No table yet.", language: "Language", title_field: "Title", who_plays: "who plays",
    bot_level: "bot level",
    copy: "Copy", you_are: "You are", spectator: "spectator", to_act: "To act",
    actions: "Your actions", no_actions: "Nothing to do now.",
    no_actions_until: "Nothing to do now: the next sand timer runs out in", filter: "Filter",
    log: "Log", view: "The table", components: "Cards and pieces in view", scores: "Scores",
    clock: "Game clock", next_event: "Next timer runs out in", remaining: "Time left",
    end: "Game over", rank: "Rank", score: "Score", winner: "winner", breakdown: "Score breakdown",
    playing: "{who} is playing.", show_list: "Show the list of moves ({n})",
    hide_list: "Hide the list of moves",
    menu_changed: "The table changed under your menu, so it closed: choose again.", draw: "Draw", draw_all: "Draw: every player shares first place.", tied_first: "shares first place",
    handoff: "Pass the device", handoff_to: "Now playing:", handoff_go: "I am",
    waiting_start: "The table has not started yet.", error: "Error", yes: "yes", no: "no",
    connecting: "Connecting…", reconnecting: "Connection lost, reconnecting…", status: "Status",
    seat_n: "seat", switch_seat: "Switch seat", back_lobby: "Back to the lobby", reason: "Why",
    host: "You created this table", step: "Step",
    waiting_others: "Waiting for the other players…",
    data: "Components (data set)", shipped: "as shipped",
    replay: "Replay", next_decision: "Next", first: "First step", step_back: "Step back",
    play: "Play / pause", step_forward: "Step forward", last: "Last step",
    replay_speed: "Steps per second", follow: "Follow", public_view: "the public view",
    time_passes: "Time passes:", replay_not_over: "Only a finished game can be replayed.",
    my_games: "My games", no_history: "No game played in this browser yet.", you: "you",
    chat: "Chat", chat_table: "Table", chat_seat: "My seat", send: "Send",
    chat_placeholder: "Say something…",
    turn_clocks: "Turn clocks", away_timeout: "out of time", away_left: "away",
    im_back: "I'm back", notice_timeout: "out of time, a bot plays for them",
    notice_left: "left, a bot plays for them", notice_back: "is back",
    clock_field: "Turn clock: seconds per decision (empty: none)",
    reserve_field: "Reserve (minutes)", takeover_field: "Bot for a person out of time or away",
    nobody: "nobody",
    why_title: "Not possible now", rulebook: "Rulebook",
    reading: "Our reading of the rulebook (its text is silent or ambiguous here)",
    guide_done: "Well played: that was a whole game. You know the rules now; try a table against a bot from the lobby.",
    guide_wait: "The guide is playing…", learn: "Learn to play", learn_help: "A short first game against the guide, who says what to do and why at each step.",
    guide: "the guide", guide_step: "step {n} of {total}",
    review: "Review", review_of: "Review of", review_run: "Review this seat's play",
    review_pending: "The bot is reviewing every decision of this seat…",
    review_summary: "Average loss per decision: {avg}% of chance to win. Mistakes (over {th}%): {n}.",
    chart_desc: "Chance to win of {seat} before each of their {n} decisions, from {first}% to {last}%; lowest {low}% at decision {at}.",
    mistakes: "Biggest mistakes", no_mistakes: "No mistake over {th} points of chance to win.",
    go_to_step: "Show this position", chance_to_win: "chance to win", decision: "decision",
    hint_button: "What would the bot do?", hint_thinking: "The bot is thinking…",
    hint_title: "The bot's top moves", hint_chance: "chance to win", hint_share: "of the search",
    hints_off: "Hints are off at this table.",
    hint_note: "The bot searched from what you can see only.",
    allow_hints: "Allow the bot's hints",
  },
  fr: {
    undo: "Annuler", undo_title: "Reprendre votre dernière décision (tant qu'aucun autre siège n'a joué ni rien de caché n'a été révélé)",
    title: "spacetable", lobby: "Salon", create: "Créer une table", game: "Jeu", players: "Joueurs",
    options: "Options", seats: "Places", seat: "Place", human: "personne", bot: "robot",
    level: "niveau", random: "hasard", easy: "facile", medium: "moyen", hard: "difficile", learned: "appris",
    name: "Nom", speed: "Vitesse (secondes de jeu par seconde)",
    bot_delay: "Attente des robots (secondes) avant de jouer",
    hotseat: "Jouer toutes les places des personnes dans ce navigateur (même écran)",
    start_now: "Commencer tout de suite", created: "Table créée",
    invite: "Liens d'invitation (un par personne ; gardez-les secrets)",
    open_table: "Ouvrir la table", spectate: "Regarder", start: "Lancer la table",
    started: "Lancée", tables: "Tables", open: "ouverte", running: "en cours", over: "terminée",
    broken: "cassée", refresh: "Actualiser", none: "Aucune table pour l'instant.",
    language: "Langue", title_field: "Titre", who_plays: "qui joue", bot_level: "niveau du robot", copy: "Copier", you_are: "Vous êtes",
    spectator: "spectateur", to_act: "À jouer", actions: "Vos actions",
    no_actions: "Rien à faire pour l'instant.",
    no_actions_until: "Rien à faire pour l'instant : le prochain sablier s'écoule dans", filter: "Filtrer", log: "Journal",
    view: "La table", components: "Cartes et pièces en vue", scores: "Scores",
    clock: "Horloge de jeu", next_event: "Prochain sablier fini dans", remaining: "Temps restant",
    end: "Partie terminée", rank: "Rang", score: "Score", winner: "gagnant", playing: "{who} joue.", show_list: "Voir la liste des coups ({n})",
    hide_list: "Masquer la liste des coups",
    menu_changed: "La table a changé sous votre menu, qui s'est fermé : choisissez à nouveau.", draw: "Égalité",
    draw_all: "Égalité : tous les joueurs partagent la première place.",
    tied_first: "partage la première place",
    breakdown: "Détail des points", handoff: "Passez l'appareil", handoff_to: "À jouer :",
    handoff_go: "Je suis", waiting_start: "La table n'a pas encore commencé.", error: "Erreur",
    yes: "oui", no: "non", connecting: "Connexion…",
    reconnecting: "Connexion perdue, reconnexion…", status: "État", seat_n: "place",
    switch_seat: "Changer de place", back_lobby: "Retour au salon", reason: "Pourquoi",
    host: "Vous avez créé cette table", step: "Étape",
    waiting_others: "En attente des autres joueurs…",
    data: "Composants (jeu de données)", shipped: "d'origine",
    replay: "Revoir", next_decision: "Ensuite", first: "Première étape",
    step_back: "Étape précédente", play: "Lecture / pause", step_forward: "Étape suivante",
    last: "Dernière étape", replay_speed: "Étapes par seconde", follow: "Suivre",
    public_view: "la vue publique", time_passes: "Le temps passe :",
    replay_not_over: "Seule une partie terminée peut être revue.",
    my_games: "Mes parties", no_history: "Aucune partie jouée dans ce navigateur pour l'instant.",
    you: "vous", chat: "Discussion", chat_table: "Table", chat_seat: "Ma place",
    send: "Envoyer", chat_placeholder: "Dites quelque chose…",
    turn_clocks: "Pendules", away_timeout: "temps écoulé", away_left: "absent",
    im_back: "Je suis là", notice_timeout: "temps écoulé, un robot joue à sa place",
    notice_left: "parti, un robot joue à sa place", notice_back: "est de retour",
    clock_field: "Pendule : secondes par décision (vide : aucune)",
    reserve_field: "Réserve (minutes)", takeover_field: "Robot pour une personne sans temps ou absente",
    nobody: "personne",
    why_title: "Impossible pour l'instant", rulebook: "Règle du jeu",
    reading: "Notre lecture de la règle (son texte est muet ou ambigu ici)",
    guide_done: "Bien joué : c'était une partie entière. Vous connaissez les règles ; essayez une table contre un robot depuis le salon.",
    guide_wait: "Le guide joue…", learn: "Apprendre à jouer", learn_help: "Une courte première partie contre le guide, qui dit quoi faire et pourquoi à chaque étape.",
    guide: "le guide", guide_step: "étape {n} sur {total}",
    review: "Analyse", review_of: "Analyse de", review_run: "Analyser le jeu de cette place",
    review_pending: "Le robot analyse chaque décision de cette place…",
    review_summary: "Perte moyenne par décision : {avg} % de chance de gagner. Erreurs (plus de {th} %) : {n}.",
    chart_desc: "Chance de gagner de {seat} avant chacune de ses {n} décisions, de {first} % à {last} % ; au plus bas {low} % à la décision {at}.",
    mistakes: "Plus grosses erreurs", no_mistakes: "Aucune erreur de plus de {th} points de chance de gagner.",
    go_to_step: "Voir cette position", chance_to_win: "chance de gagner", decision: "décision",
    hint_button: "Que ferait le robot ?", hint_thinking: "Le robot réfléchit…",
    hint_title: "Les meilleurs coups du robot", hint_chance: "chance de gagner", hint_share: "de la recherche",
    hints_off: "Les conseils sont désactivés à cette table.",
    hint_note: "Le robot n'a cherché qu'à partir de ce que vous voyez.",
    allow_hints: "Autoriser les conseils du robot",
  },
};

const KEY = "spacetable.lang";

// ?lang=fr in the address chooses the language once; the choice is kept in this browser.
const fromUrl = new URLSearchParams(location.search).get("lang");
if (fromUrl === "en" || fromUrl === "fr") localStorage.setItem(KEY, fromUrl);

export function lang() {
  const saved = localStorage.getItem(KEY);
  if (saved === "en" || saved === "fr") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";
}

export function setLang(l) {
  localStorage.setItem(KEY, l);
}

export function t(key, vars = null) {
  const l = lang();
  const s = (TEXTS[l] && TEXTS[l][key]) || TEXTS.en[key] || key;
  return vars ? s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m)) : s;
}

// How a finished game's result reads for one seat: a lone winner is "★ winner"; several
// seats sharing first place share it ("★ shares first place"); when every seat does, the
// game is a draw, said once above the scores (draw_all) rather than calling everybody a
// winner, so no seat is marked.
export function isDraw(outcome) {
  return outcome.winners.length > 1 && outcome.winners.length === outcome.scores.length;
}

export function resultMark(outcome, seat) {
  if (!outcome.winners.includes(seat)) return "";
  if (isDraw(outcome)) return "";
  return outcome.winners.length > 1 ? ` ★ ${t("tied_first")}` : ` ★ ${t("winner")}`;
}
