'use strict';
// A matchpoint pairs session scored with bridge-scorer (npm, MIT), for the side-by-side benchmark
// benchmarks/matchpoints_vs_bridge_scorer.py. Reads the same JSON file `python -m scoring matchpoints`
// reads: {"scale": "european" | "acbl", "results": [{"board", "ns", "ew", "score_ns"}, ...]}.
// Groups the results by board, matchpoints each board with bridge-scorer, sums each pair's
// matchpoints and tops, ranks the pairs on their percentage, and writes one JSON object as the
// engine does: {"pairs": [{"pair", "mp", "top", "percent", "rank"}], "boards": {board: [{"ns",
// "ew", "mp_ns", "mp_ew"}]}}. Usage: node bridge_scorer_matchpoints.js FILE.json
const fs = require('fs');
const scorer = require('bridge-scorer');

const data = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const acbl = data.scale === 'acbl';
const win = acbl ? 1 : 2;

const boards = new Map();
for (const result of data.results) {
  const board = String(result.board);
  if (!boards.has(board)) boards.set(board, []);
  // bridge-scorer reads a score from the declarer's side: N-S's score with North declaring.
  boards.get(board).push({ ns: result.ns, ew: result.ew, contract: { declaror: 'N' }, score: result.score_ns });
}

const totals = new Map();
function add(pair, mp, top) {
  const total = totals.get(pair);
  if (total === undefined) totals.set(pair, { mp, top });
  else { total.mp += mp; total.top += top; }
}

const lines = {};
for (const [board, games] of boards) {
  (acbl ? scorer.matchpointsACBL : scorer.matchpoints)(games);
  const top = win * (games.length - 1);
  lines[board] = games.map((game) => {
    add(game.ns, game.matchpointsNS.value, top);
    add(game.ew, game.matchpointsEW.value, top);
    return { ns: game.ns, ew: game.ew, mp_ns: game.matchpointsNS.value, mp_ew: game.matchpointsEW.value };
  });
}

const pairs = [];
for (const [pair, total] of totals) {
  pairs.push({ pair, mp: total.mp, top: total.top, score: total.top ? (100 * total.mp) / total.top : 50 });
}
const standings = scorer.rank(pairs).map((pair) => ({
  pair: pair.pair, mp: pair.mp, top: pair.top, percent: pair.score, rank: parseInt(pair.rank, 10),
}));
process.stdout.write(JSON.stringify({ pairs: standings, boards: lines }) + '\n');
