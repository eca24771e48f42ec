/**
 * Makes apps/api/src/modules/content/seed-assets/getting-started.webm, the demo video (run once, output committed; no ffmpeg on
 * these machines): Debian's Chromium draws six seconds of slides on a canvas and MediaRecorder
 * encodes them as VP8 WebM. Run: npx tsx e2e/scripts/make-demo-video.ts
 */
import { writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const SLIDES = [
  'Welcome to the partner portal',
  'Create your RCS agent',
  'Submit it for carrier launch',
  'Send your first campaign',
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
// A string, not a function: the page must not see the TypeScript compiler's helpers.
const RECORD = `async (slides) => {
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = 180;
  document.body.append(canvas);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  const recorder = new MediaRecorder(canvas.captureStream(15), {
    mimeType: 'video/webm;codecs=vp8',
    videoBitsPerSecond: 120_000,
  });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const done = new Promise((resolve) => {
    recorder.onstop = resolve;
  });
  recorder.start();
  const started = performance.now();
  await new Promise((resolve) => {
    const frame = () => {
      const t = (performance.now() - started) / 1000;
      if (t >= 6) return resolve();
      const slide = slides[Math.min(slides.length - 1, Math.floor(t / 1.5))] ?? '';
      context.fillStyle = '#0b3d91';
      context.fillRect(0, 0, 320, 180);
      context.fillStyle = '#4fc3f7';
      context.fillRect(0, 170, (t / 6) * 320, 10);
      context.fillStyle = '#ffffff';
      context.font = 'bold 18px sans-serif';
      context.textAlign = 'center';
      context.fillText(slide, 160, 95);
      requestAnimationFrame(frame);
    };
    frame();
  });
  recorder.stop();
  await done;
  const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}`;
const base64: string = await page.evaluate(`(${RECORD})(${JSON.stringify(SLIDES)})`);
await browser.close();
const out = new URL('../../apps/api/src/modules/content/seed-assets/getting-started.webm', import.meta.url);
await writeFile(out, Buffer.from(base64, 'base64'));
console.log(`wrote ${out.pathname} (${Buffer.from(base64, 'base64').length} bytes)`);
