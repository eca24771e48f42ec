import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../contracts/audit.ts';
import { auditActionLabel, auditSentence, roleLabel } from './audit-record.ts';

const base = { actorEmail: 'ana@portico.test', subjectEmail: null, detail: null };

describe('auditSentence', () => {
  it('says who did what to whom, with roles and reasons in words', () => {
    expect(
      auditSentence({
        action: 'role.changed',
        actorEmail: 'super@portico.test',
        subjectEmail: 'bo@portico.test',
        detail: { from: 'ADMIN_PORTICO_READONLY', to: 'ADMIN_PORTICO_READWRITE' },
      }),
    ).toBe(
      'super@portico.test changed the role of bo@portico.test from Admin (read-only) to Admin (read and write).',
    );
    expect(
      auditSentence({
        action: 'sign-in.failed',
        actorEmail: null,
        subjectEmail: 'bo@portico.test',
        detail: { outcome: 'invalid' },
      }),
    ).toBe('A sign-in as bo@portico.test failed: wrong email or password.');
    expect(auditSentence({ ...base, action: 'sign-in', detail: { secondFactor: 'authenticator' } })).toBe(
      'ana@portico.test signed in with a code from the authenticator app.',
    );
    expect(
      auditSentence({
        ...base,
        action: 'two-factor.policy-changed',
        detail: { Admins: 'required', Carriers: 'optional' },
      }),
    ).toBe('ana@portico.test made two-factor sign-in required for Admins and optional for Carriers.');
    expect(
      auditSentence({
        ...base,
        action: 'user.invited',
        subjectEmail: 'cy@x.test',
        detail: { role: 'USER_BILLING' },
      }),
    ).toBe('ana@portico.test invited cy@x.test as Billing user.');
  });

  it('names what a record touched when it carries the name, and never shows an id or a key: value pair', () => {
    expect(
      auditSentence({ ...base, action: 'bot.created', detail: { botId: 'b-9f1c', name: 'Chai Bot' } }),
    ).toBe('ana@portico.test created the bot “Chai Bot”.');
    expect(
      auditSentence({
        ...base,
        action: 'bot.updated',
        detail: { botId: 'b-9f1c', change: 'carriers', carrierIds: [1, 2] },
      }),
    ).toBe('ana@portico.test changed the carriers of a bot (2 carriers).');
    expect(
      auditSentence({
        ...base,
        action: 'content.changed',
        detail: { kind: 'press-releases', id: 7, change: 'published' },
      }),
    ).toBe('ana@portico.test published a press release.');
    expect(
      auditSentence({
        ...base,
        action: 'launch.decided',
        detail: { botId: 'b-9f1c', carrierId: 3, action: 'approve' },
      }),
    ).toBe("ana@portico.test approved a bot's launch on the carrier's network.");
    const detail = {
      botId: 'b-9f1c-4e2a',
      brandId: 'br-77a1',
      credentialId: 'cr-5',
      clientId: 'cl-9',
      id: 4242,
    };
    for (const action of AUDIT_ACTIONS) {
      const sentence = auditSentence({ ...base, subjectEmail: 'bo@portico.test', action, detail });
      expect(sentence, action).toMatch(/[.]$/);
      expect(sentence, action).not.toMatch(/b-9f1c|br-77a1|cr-5|cl-9|4242|\w+: \w/);
    }
  });

  it('reads an action this version does not know in words', () => {
    expect(auditSentence({ ...base, action: 'report.exported', detail: { a: 1 } })).toBe(
      'ana@portico.test: report exported.',
    );
    expect(auditActionLabel('report.exported')).toBe('Report exported');
    expect(roleLabel(null)).toBe('Account owner');
    expect(roleLabel('NEW_ROLE')).toBe('NEW ROLE');
  });
});
