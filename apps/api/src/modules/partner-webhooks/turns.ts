/**
 * The conversations of one partner waiting for a free delivery slot on this instance, handed out
 * a bot at a time in turn: one bot whose webhook hangs or fails, with many conversations waiting,
 * delays the partner's other bots by one attempt each, not by its whole backlog. Within a bot,
 * first come first served; a conversation waits once however many jobs name it.
 */
export class Turns {
  /** Bot -> its waiting conversations, in arrival order; the map's order is the bots' turn order. */
  private readonly bots = new Map<string, Set<string>>();

  /** The bot a conversation belongs to: conversations are `botId:msisdn` (or `botId:ping`). */
  static botOf(conversation: string): string {
    const colon = conversation.indexOf(':');
    return colon === -1 ? conversation : conversation.slice(0, colon);
  }

  add(conversation: string): void {
    const bot = Turns.botOf(conversation);
    const waiting = this.bots.get(bot);
    if (waiting) waiting.add(conversation);
    else this.bots.set(bot, new Set([conversation]));
  }

  /** The next conversation: the first of the bot whose turn it is, which then goes last. */
  next(): string | undefined {
    for (const [bot, waiting] of this.bots) {
      this.bots.delete(bot);
      const [conversation] = waiting;
      if (conversation === undefined) continue;
      waiting.delete(conversation);
      if (waiting.size > 0) this.bots.set(bot, waiting);
      return conversation;
    }
    return undefined;
  }
}
