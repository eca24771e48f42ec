// jsdom 29 ships no types and @types/jsdom pulls a second undici-types; the sanitiser needs only this.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: object;
  }
}
