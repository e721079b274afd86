// Premoves: the person's side, and the legal move a queued premove ({from, to}) stands for
// once it is their turn (a promotion becomes a queen; a premove that fits no legal move, or
// more than one other than promotions, is dropped).

/** The side a lone person plays against the computer (`first`/`second`), or null. */
export function humanSide(players) {
  if (players.first === 'human' && players.second === 'computer') return 'first';
  if (players.second === 'human' && players.first === 'computer') return 'second';
  return null;
}

/** The legal move among `legal` the premove stands for, or null. */
export function premoveFor(legal, premove) {
  const moves = legal.filter((m) => m.from === premove.from && m.to === premove.to);
  if (moves.length === 1) return moves[0];
  return moves.find((m) => m.promotion === 'queen') || null;
}
