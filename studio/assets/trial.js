// A trial of a study, as the class's page reports it to the studio: the
// trial the studio opened when it served the maze (its id, in the maze's
// JSON), each move (the side of the player's cell gone through, -1 for a
// restart; when, in ms since the maze was shown; the view; the input) as
// it is made, in order, a report at a time; and its end, once: won (the
// studio sees the exit reached), or left, given up or handed to another
// child (a page closed or reloaded says left by navigator.sendBeacon).
// The studio keeps the moves it has, so a report sent again, or one that
// overlaps, is played once; it replays them with the terminal game's own
// code: the page's counts are for the child to see, never recorded.
// While the studio cannot be reached the page keeps every move it has
// not heard the studio take, says so (onAnswer is told status 0), tries
// again every few seconds, and sends them when the studio answers; a
// studio started again that has none of them says so (resend), and gets
// them all.
import { api } from "./api.js";

// RETRY is how often, in ms, a page that cannot reach the studio tries
// again.
const RETRY = 3000;

export class Trial {
  constructor(url, participant, id, onAnswer) {
    this.id = id;
    this.url = url;
    this.participant = participant;
    this.onAnswer = onAnswer;
    this.shown = performance.now();
    this.moves = [];
    this.acked = 0; // the moves the studio has
    this.busy = false;
    this.again = false; // a report to send when the one under way is answered
    this.ending = false;
    this.end = "left"; // how it ends, once ending
    this.over = false;
    this.away = false; // the studio could not be reached
    this.retry = 0;
  }

  now() {
    return Math.round(performance.now() - this.shown);
  }

  add(side, view, input) {
    if (this.over) return;
    this.moves.push([side, this.now(), view, input]);
    this.send();
  }

  body(end) {
    const b = { id: this.id, participant: this.participant, from: this.acked, moves: this.moves.slice(this.acked), now: this.now() };
    if (end) b.end = end === true ? this.end : end;
    return JSON.stringify(b);
  }

  // send reports the moves the studio does not have yet (and the end,
  // once asked), one report at a time.
  async send() {
    if (this.over && !this.ending) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    this.again = false;
    const end = this.ending;
    let status = 0;
    let data = {};
    try {
      const resp = await api(this.url, { method: "POST", body: this.body(end), type: "application/json", keepalive: true, quiet: true });
      status = resp.status;
      data = await resp.json().catch(() => ({}));
    } catch (e) {
      status = 0; // the studio is gone: the moves are kept, and sent again
    }
    this.busy = false;
    if (status === 0) {
      this.away = true;
      this.onAnswer(this, {}, 0);
      if (!this.retry) this.retry = setTimeout(() => {
        this.retry = 0;
        this.send();
      }, RETRY);
      return;
    }
    this.away = false;
    if (status === 409 && data.resend) {
      // A studio started again: it has none of the moves.
      this.acked = 0;
      this.again = true;
      status = 0;
    } else if (status === 200) {
      this.acked = Math.max(this.acked, data.applied || 0);
      if (data.recorded || end) this.over = true;
      if (end) this.ending = false;
    } else if (status === 409 && typeof data.applied === "number" && data.applied > 0 && data.applied < this.moves.length) {
      // The studio has fewer moves than the page thought: send the rest.
      this.acked = data.applied;
      this.again = true;
      status = 0;
    } else if (status >= 400) {
      this.over = true;
      this.ending = false;
    }
    if (status) this.onAnswer(this, data, status);
    if (this.again || (this.ending && !this.over)) this.send();
  }

  // leave ends the trial: the maze was left (or won: the studio has it
  // recorded already and says so again); why, when given, says how:
  // "gave_up" or "another_child".
  leave(why) {
    if (this.over || this.moves.length === 0) {
      this.over = true;
      return;
    }
    if (why) this.end = why;
    this.ending = true;
    this.send();
  }

  // beacon sends what the studio lacks as the page goes away: the end
  // too when it is closed (left), not when it is only hidden. (A beacon
  // carries no header: its answer is never read.)
  beacon(left) {
    if (this.over || this.moves.length === 0) return;
    const blob = new Blob([this.body(left ? "left" : false)], { type: "text/plain;charset=UTF-8" });
    if (navigator.sendBeacon(this.url, blob) && left) this.over = true;
  }

  // heartbeat tells the studio the maze is still open, so that it does
  // not take a quiet child for a crashed page.
  heartbeat() {
    if (!this.over && this.moves.length > 0 && !this.busy) this.send();
  }
}
