import { describe, expect, it } from 'vitest';
import {
  brandColourProblem,
  contactLabelProblem,
  contrastRatio,
  e164Problem,
  httpsUrlProblem,
  imageBytesProblem,
  imageFileProblem,
  imagePlan,
  RBM_AGENT_LIMITS,
  RBM_BANNER,
  RBM_LOGO,
  rbmDescriptionProblem,
  rbmDisplayNameProblem,
  rbmPhoneProblem,
  WHATSAPP_PROFILE_PHOTO,
  wabaIdProblem,
  whatsappAboutProblem,
  whatsappDisplayNameProblem,
} from './bot-fields.ts';

describe('RBM agent text fields', () => {
  it('when the display name is empty, too long or holds a path character then it says so', () => {
    expect(rbmDisplayNameProblem('Acme Deliveries')).toBeNull();
    expect(rbmDisplayNameProblem('  ')).toBe('Display name is required.');
    expect(rbmDisplayNameProblem('x'.repeat(RBM_AGENT_LIMITS.displayNameMax + 1))).toBe(
      'Display name is at most 40 characters.',
    );
    expect(rbmDisplayNameProblem('Acme/Support')).toMatch(/must not contain \//);
  });

  it('when the description holds content Google refuses then it names what', () => {
    expect(rbmDescriptionProblem('Track parcels and book deliveries.')).toBeNull();
    expect(rbmDescriptionProblem('<script>alert(1)</script>')).toMatch(/HTML or script/);
    expect(rbmDescriptionProblem('See %2e%2e')).toMatch(/escaped characters/);
    expect(rbmDescriptionProblem('Hello {{name}}')).toMatch(/template syntax/);
    expect(rbmDescriptionProblem('{"a": 1}')).toMatch(/JSON/);
    expect(rbmDescriptionProblem('{outer (inner)}')).toMatch(/nested brackets/);
    expect(rbmDescriptionProblem('Run rm -rf now')).toMatch(/Unix commands/);
    expect(rbmDescriptionProblem('x'.repeat(101))).toBe('Description is at most 100 characters.');
  });

  it('when computing WCAG contrast then black and white give 21 and equal colours 1', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#abc', '#AABBCC')).toBeCloseTo(1, 5);
    expect(contrastRatio('red', '#FFFFFF')).toBeNull();
  });

  it("when the brand colour is Google's example or darker then it passes, a light one is refused with its ratio", () => {
    expect(brandColourProblem('#E91B0C')).toBeNull();
    expect(brandColourProblem('#1A73E8')).toBeNull();
    expect(brandColourProblem('#FFD700')).toMatch(/too light on white: contrast 1\.\d\d:1, at least 4\.5:1/);
    expect(brandColourProblem('blue')).toMatch(/#RRGGBB/);
  });

  it('when a contact label, phone or URL is wrong then it says how to write it', () => {
    expect(contactLabelProblem('Support')).toBeNull();
    expect(contactLabelProblem('x'.repeat(26))).toBe('Label is at most 25 characters.');
    expect(rbmPhoneProblem('+12223334444')).toBeNull();
    expect(rbmPhoneProblem('6502530000')).toBeNull();
    expect(rbmPhoneProblem('112')).toMatch(/\+12223334444/);
    expect(httpsUrlProblem('https://acme.example/privacy', 'Privacy policy URL')).toBeNull();
    expect(httpsUrlProblem('javascript:alert(1)', 'Privacy policy URL')).toMatch(/https:\/\/example.com/);
    expect(httpsUrlProblem('', 'Terms URL')).toBe('Terms URL is required.');
  });
});

describe('bot images', () => {
  it('when the logo is exactly 224 x 224 and light then it is kept', () => {
    expect(imagePlan(RBM_LOGO, { width: 224, height: 224, bytes: 20_000 })).toEqual({ action: 'keep' });
  });

  it('when the shape is right but the size or weight is off then it is resized to the exact size', () => {
    expect(imagePlan(RBM_LOGO, { width: 512, height: 512, bytes: 400_000 })).toEqual({
      action: 'resize',
      width: 224,
      height: 224,
    });
    expect(imagePlan(RBM_BANNER, { width: 2880, height: 896, bytes: 900_000 })).toEqual({
      action: 'resize',
      width: 1440,
      height: 448,
    });
    expect(imagePlan(RBM_LOGO, { width: 224, height: 224, bytes: 90_000 }).action).toBe('resize');
  });

  it('when the shape is wrong or the picture too small then it is refused with what was wrong', () => {
    expect(imagePlan(RBM_BANNER, { width: 1440, height: 900, bytes: 1 })).toEqual({
      action: 'refuse',
      message: 'The banner image must be 1440 x 448 px (width:height 45:14); this picture is 1440 x 900 px.',
    });
    expect(imagePlan(RBM_LOGO, { width: 100, height: 100, bytes: 1 })).toEqual({
      action: 'refuse',
      message: 'The logo is too small: 100 x 100 px, at least 224 x 224 px needed.',
    });
    expect(imagePlan(WHATSAPP_PROFILE_PHOTO, { width: 300, height: 300, bytes: 1 })).toEqual({
      action: 'resize',
      width: 640,
      height: 640,
    });
  });

  it('when the stored file is heavier than the limit or the picked file of the wrong type then it says so', () => {
    expect(imageBytesProblem(RBM_LOGO, 50_000)).toBeNull();
    expect(imageBytesProblem(RBM_LOGO, 60_000)).toBe(
      'The logo is too heavy: 60 KB, at most 50 KB. Use a simpler picture or stronger compression.',
    );
    expect(imageFileProblem(RBM_LOGO, { type: 'image/gif', size: 10 })).toBe(
      'The logo must be a PNG or JPEG picture.',
    );
    expect(imageFileProblem(RBM_BANNER, { type: 'image/jpeg', size: 100_000 })).toBeNull();
  });
});

describe('WhatsApp sender fields', () => {
  it("when the display name breaks Meta's naming rules then it names the rule", () => {
    expect(whatsappDisplayNameProblem('Acme Deliveries')).toBeNull();
    expect(whatsappDisplayNameProblem('IBM')).toBeNull();
    expect(whatsappDisplayNameProblem('AB')).toBe('Display name is at least 3 characters.');
    expect(whatsappDisplayNameProblem('ACME DELIVERIES')).toMatch(/all capitals/);
    expect(whatsappDisplayNameProblem('acme.com')).toMatch(/web address/);
    expect(whatsappDisplayNameProblem('Visit www.acme')).toMatch(/web address/);
    expect(whatsappDisplayNameProblem('Acme 🚚')).toMatch(/emoji/);
    expect(whatsappDisplayNameProblem('Acme!!')).toMatch(/repeat punctuation/);
    expect(whatsappDisplayNameProblem('Acme WhatsApp')).toMatch(/WhatsApp/);
    expect(whatsappDisplayNameProblem(' Acme')).toMatch(/spaces/);
  });

  it('when the phone, about text or WABA id is wrong then it says how to write it', () => {
    expect(e164Problem('+919876543210')).toBeNull();
    expect(e164Problem('9876543210')).toMatch(/country code/);
    expect(whatsappAboutProblem('We deliver.')).toBeNull();
    expect(whatsappAboutProblem('x'.repeat(140))).toBe('About is at most 139 characters.');
    expect(wabaIdProblem('104996122399160')).toBeNull();
    expect(wabaIdProblem('waba-1')).toMatch(/digits only/);
  });
});
