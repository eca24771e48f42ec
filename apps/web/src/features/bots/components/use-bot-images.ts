import type { BotImageKind, TBot } from '@portico/domain';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { useUploadBotImage } from '../api/save-bot';

interface Picked {
  file: File;
  url: string;
  /** Still to be sent (the bot did not exist yet when it was picked). */
  pending: boolean;
}

const SERVER_URL: Record<BotImageKind, 'logo_url' | 'banner_url' | 'photo_url'> = {
  logo: 'logo_url',
  banner: 'banner_url',
  photo: 'photo_url',
};

/**
 * The bot's images while a form is open: a picked file shows in the preview at once; it is sent
 * right away when the bot exists, or right after the draft is first saved. The server's answer
 * (resized, or refused with the exact size or weight problem) lands on the field.
 */
export function useBotImages(bot: TBot | null) {
  const [picked, setPicked] = useState<Partial<Record<BotImageKind, Picked>>>({});
  const [errors, setErrors] = useState<Partial<Record<BotImageKind, string>>>({});
  const upload = useUploadBotImage();
  const urls = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  // Every upload in flight (a mutation's own state follows only its latest call: a logo and a
  // banner picked together would let the form be saved while the first is still sending).
  const [inFlight, setInFlight] = useState(0);
  const send = (botId: string, kind: BotImageKind, file: File) => {
    setInFlight((n) => n + 1);
    return upload
      .mutateAsync({ botId, kind, file })
      .then(
        () => {
          setPicked(({ [kind]: _sent, ...rest }) => rest);
          return true;
        },
        (error: unknown) => {
          setErrors((now) => ({ ...now, [kind]: errorMessage(error) }));
          setPicked(({ [kind]: _refused, ...rest }) => rest);
          return false;
        },
      )
      .finally(() => setInFlight((n) => n - 1));
  };

  return {
    /** What the preview shows: the picked file, else the stored image. */
    urlOf: (kind: BotImageKind): string | null => picked[kind]?.url ?? bot?.[SERVER_URL[kind]] ?? null,
    errorOf: (kind: BotImageKind): string | null => errors[kind] ?? null,
    pending: inFlight > 0,
    pick(kind: BotImageKind, file: File) {
      const url = URL.createObjectURL(file);
      urls.current.push(url);
      setErrors(({ [kind]: _cleared, ...rest }) => rest);
      setPicked((now) => ({ ...now, [kind]: { file, url, pending: !bot } }));
      if (bot) void send(bot.bot_id, kind, file);
    },
    problem(kind: BotImageKind, message: string) {
      setErrors((now) => ({ ...now, [kind]: message }));
    },
    /** Sends the images picked before the bot existed; true when all were accepted. */
    async flush(botId: string): Promise<boolean> {
      let ok = true;
      for (const [kind, item] of Object.entries(picked) as [BotImageKind, Picked][]) {
        if (item.pending) ok = (await send(botId, kind, item.file)) && ok;
      }
      return ok;
    },
  };
}
