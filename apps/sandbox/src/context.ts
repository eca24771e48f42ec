import { createHmac, createPublicKey, type KeyObject, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import {
  type SandboxBehaviour,
  type SandboxOptions,
  type SandboxWebhooks,
  ZSandboxBehaviour,
} from './options.ts';
import { createStore, type SandboxStore } from './store.ts';

const WEBHOOK_TIMEOUT_MS = 5000;
/** Like the real networks, a webhook that does not answer 2xx is tried again (3 attempts in all). */
const WEBHOOK_ATTEMPTS = 3;

export interface SandboxContext {
  store: SandboxStore;
  behaviour: SandboxBehaviour;
  webhooks: SandboxWebhooks;
  credentials: NonNullable<SandboxOptions['credentials']>;
  /** The public keys of the Google service accounts the token endpoint knows, by client email. */
  googleServiceAccounts: Map<string, KeyObject[]>;
  /** Whether Google's APIs take only issued access tokens (service accounts were configured). */
  googleTokensRequired: boolean;
  /** Adds the configured accounts that are made on first use (once; later calls wait for it). */
  loadGoogleServiceAccounts(): Promise<void>;
  mountPath: string;
  /** Runs fn after ms unless the sandbox closes first. */
  later(ms: number, fn: () => void | Promise<void>): void;
  /** Posts an event to a network's webhook, signed the way that network signs. */
  deliver(network: keyof SandboxWebhooks, body: unknown): Promise<void>;
  /** Whether this call is one of the configured share of 503s. */
  chance(ratio: number): boolean;
  setBehaviour(next: unknown): SandboxBehaviour;
  /** Resolves once the persisted network objects are loaded (at once without a persistence). */
  ready(): Promise<void>;
  /** Something may have changed: the network objects are saved shortly (once per burst). */
  changed(): void;
  /** Waits for the pending save, if any. */
  flush(): Promise<void>;
  close(): void;
}

const SAVE_DELAY_MS = 50;

/**
 * One POST without keep-alive: a network's delivery is its own connection, and none is left open
 * on the receiving server (which may be the very process the sandbox is mounted in, closing).
 */
function post(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      target,
      {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' },
        timeout: WEBHOOK_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

export function rbmSignature(clientToken: string, body: string): string {
  return createHmac('sha512', clientToken).update(body).digest('base64');
}
export function whatsappSignature(appSecret: string, body: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

export function createContext(options: SandboxOptions, log: FastifyBaseLogger): SandboxContext {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  let lazyAccounts: Promise<void> | undefined;
  const persistence = options.persistence;
  let loaded: Promise<void> | undefined;
  let saveTimer: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    saveTimer = undefined;
    if (!persistence) return saving;
    // One save at a time, each of the whole set as it is when that save starts.
    saving = saving.then(() =>
      persistence
        .save(context.store.objects())
        .catch((err: unknown) => log.error({ err }, 'sandbox: could not save the network objects')),
    );
    return saving;
  };
  const context: SandboxContext = {
    store: createStore(),
    behaviour: ZSandboxBehaviour.parse(options.behaviour ?? {}),
    webhooks: options.webhooks ?? {},
    credentials: options.credentials ?? {},
    googleServiceAccounts: new Map(),
    googleTokensRequired:
      typeof options.googleServiceAccounts === 'function' || (options.googleServiceAccounts?.length ?? 0) > 0,
    loadGoogleServiceAccounts: () => {
      const load = options.googleServiceAccounts;
      if (typeof load !== 'function') return Promise.resolve();
      lazyAccounts ??= load().then((accounts) => {
        for (const account of accounts) addGoogleServiceAccount(context, account);
      });
      // A failure is not kept: the next token request tries again.
      return lazyAccounts.catch((error: unknown) => {
        lazyAccounts = undefined;
        throw error;
      });
    },
    mountPath: options.mountPath ?? '/sandbox',
    later(ms, fn) {
      if (closed) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        Promise.resolve()
          .then(fn)
          .then(() => context.changed())
          .catch((err: unknown) => log.warn({ err }, 'sandbox: scheduled work failed'));
      }, ms);
      timers.add(timer);
    },
    async deliver(network, body) {
      const target = context.webhooks[network];
      if (!target) return;
      const text = JSON.stringify(body);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (network === 'rbm' && 'clientToken' in target)
        headers['x-goog-signature'] = rbmSignature(target.clientToken, text);
      if (network === 'maap' && 'token' in target) headers.authorization = `Bearer ${target.token}`;
      if (network === 'whatsapp' && 'appSecret' in target)
        headers['x-hub-signature-256'] = whatsappSignature(target.appSecret, text);
      for (let attempt = 1; attempt <= WEBHOOK_ATTEMPTS && !closed; attempt += 1) {
        try {
          const status = await post(target.url, headers, text);
          if (status >= 200 && status < 300) return;
          log.warn({ network, status, attempt }, 'sandbox: webhook refused the event');
          if (status < 500 && status !== 429) return;
        } catch (err) {
          log.warn({ network, attempt, err }, 'sandbox: webhook unreachable');
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
      }
    },
    chance: (ratio) => ratio > 0 && Math.random() < ratio,
    setBehaviour(next) {
      context.behaviour = ZSandboxBehaviour.parse(next);
      return context.behaviour;
    },
    ready() {
      if (!persistence) return Promise.resolve();
      loaded ??= persistence.load().then((objects) => context.store.restore(objects));
      // A failure is not kept: the next call tries again.
      return loaded.catch((error: unknown) => {
        loaded = undefined;
        throw error;
      });
    },
    changed() {
      if (!persistence || !loaded || saveTimer) return;
      saveTimer = setTimeout(save, SAVE_DELAY_MS);
    },
    async flush() {
      if (saveTimer) {
        clearTimeout(saveTimer);
        await save();
      }
      await saving;
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
  if (Array.isArray(options.googleServiceAccounts)) {
    for (const account of options.googleServiceAccounts) addGoogleServiceAccount(context, account);
  }
  return context;
}

/** Makes a service account's public key known to the token endpoint (a second key is added beside the first). */
export function addGoogleServiceAccount(
  context: Pick<SandboxContext, 'googleServiceAccounts'>,
  account: { clientEmail: string; publicKey: string },
): void {
  const key = createPublicKey(account.publicKey);
  const keys = context.googleServiceAccounts.get(account.clientEmail) ?? [];
  context.googleServiceAccounts.set(account.clientEmail, [...keys, key]);
}

export const newId = (prefix = '') => `${prefix}${randomUUID().replaceAll('-', '')}`;
export const nowIso = () => new Date().toISOString();
