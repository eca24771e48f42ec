import { useEffect, useState } from 'react';

/**
 * What the campaign form holds while it is typed: ids and choices only (no recipient's data), so
 * it may stay in this browser between visits (decision 0046). Every field is a string as typed;
 * the shared contract checks it on the way out.
 */
export interface CampaignDraft {
  name: string;
  bot_id: string;
  template_id: string;
  audience_id: string;
  /** Template variable -> the audience column that fills it. */
  variables: Record<string, string>;
  fallback: 'skip' | 'sms';
  sms_text: string;
  when: 'now' | 'at';
  /** YYYY-MM-DD and HH:mm, in `time_zone`. */
  date: string;
  time: string;
  time_zone: string;
  /** This campaign's own media (the key its upload answered), '' for the template's own. */
  media_key: string;
}

export const EMPTY_DRAFT: CampaignDraft = {
  name: '',
  bot_id: '',
  template_id: '',
  audience_id: '',
  variables: {},
  fallback: 'skip',
  sms_text: '',
  when: 'now',
  date: '',
  time: '',
  time_zone: '+05:30',
  media_key: '',
};

const PREFIX = 'portico.campaign-draft';

/** The storage key of one user's draft: a new campaign's, or the edit of one campaign. */
export const draftKey = (owner: string, campaignId: string | null) =>
  `${PREFIX}:${owner.toLowerCase()}:${campaignId ?? 'new'}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored draft, or null when there is none (or it is not one: an older shape is dropped). */
export function readDraft(key: string): CampaignDraft | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const merged = { ...EMPTY_DRAFT, ...(parsed as Partial<CampaignDraft>) };
    const strings = Object.entries(merged).every(([k, v]) =>
      k === 'variables' ? typeof v === 'object' && v !== null : typeof v === 'string',
    );
    return strings ? merged : null;
  } catch {
    return null;
  }
}

export function forgetDraft(key: string): void {
  storage()?.removeItem(key);
}

/**
 * The form's state, kept in this browser under `key` as it changes, and read back on the next
 * visit; `initial` (a campaign being edited) is used when nothing was kept. `forget` after a save.
 */
export function useDraft(key: string | null, initial: CampaignDraft) {
  const [draft, setDraft] = useState<CampaignDraft>(() => (key ? readDraft(key) : null) ?? initial);
  // Kept once something is typed (a visit that only looks stores nothing); `restored` says it came back.
  const [kept, setKept] = useState(() => (key ? readDraft(key) !== null : false));
  const [restored, setRestored] = useState(kept);
  useEffect(() => {
    if (!key || !kept) return;
    try {
      storage()?.setItem(key, JSON.stringify(draft));
    } catch {
      // Storage full or unavailable: the form still works, it is only not kept.
    }
  }, [key, draft, kept]);
  return {
    draft,
    /** Whether the form started from a kept draft (the page says so, with a way to start again). */
    restored,
    update: (next: Partial<CampaignDraft>) => {
      setKept(true);
      setDraft((current) => ({ ...current, ...next }));
    },
    reset: (to: CampaignDraft) => {
      if (key) forgetDraft(key);
      setKept(false);
      setRestored(false);
      setDraft(to);
    },
  };
}
