// The studio's game: a maze of the preview's page, opened to be played
// (see game.js), as the studio made it of the working spec.
import { api } from "./api.js";
import { book, gone } from "./book.js";
import { makeGame } from "./game.js";
import { w } from "./words.js";

let game = null;

// startGame makes the game in the page's dialog.
export function startGame() {
  game = makeGame({
    w: w,
    load: async (index) => {
      const url = () => "api/maze/" + book.key + "/" + (index + 1);
      let resp = await api(url());
      if (await gone(resp)) resp = await api(url());
      return { ok: resp.ok, data: await resp.json() };
    },
  });
}

// openMaze opens maze index (from 0) of the book, numbered number.
export function openMaze(index, number) {
  game.open(index, number);
}
