// The virtual handset page's only script (served from 'self'; the page has no inline script).
// It renders the thread the sandbox keeps for one number and turns taps and replies into calls
// that the sandbox forwards to the bot's webhook as the network's own user events.
(() => {
  const body = document.body;
  const base = body.dataset.base || '/sandbox';
  const msisdn = body.dataset.msisdn;
  if (!msisdn) return;
  const api = `${base}/api/handsets/${encodeURIComponent(msisdn)}`;
  const thread = document.getElementById('thread');
  const invites = document.getElementById('invites');
  const errorBox = document.getElementById('handset-error');
  const form = document.getElementById('reply-form');
  const input = document.getElementById('reply-text');
  let lastRendered = '';

  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  };
  const NETWORK_NAMES = { rbm: 'Google RBM', maap: 'GSMA MaaP', whatsapp: 'WhatsApp', sms: 'SMS' };
  // Glyphs every system font has (no emoji font is assumed), like the icons a phone puts on action chips.
  const ICONS = {
    reply: '',
    dial: '\u260e ',
    open_url: '\u2197 ',
    view_location: '\u25ce ',
    calendar: '\u25f7 ',
  };

  const showError = (message) => {
    errorBox.textContent = message || '';
  };

  async function call(path, payload) {
    const response = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const json = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(json.error?.message || `The sandbox answered ${response.status}.`);
    return json;
  }

  function chips(suggestions, itemId, cardIndex) {
    const list = el('div', cardIndex === undefined ? 'chips' : 'card-actions');
    suggestions.forEach((suggestion, index) => {
      const button = el(
        'button',
        `chip chip-${suggestion.type}`,
        `${ICONS[suggestion.type] || ''}${suggestion.text}`,
      );
      button.type = 'button';
      if (suggestion.detail) button.title = suggestion.detail;
      button.addEventListener('click', async () => {
        button.disabled = true;
        showError('');
        try {
          await call('/taps', {
            itemId,
            suggestionIndex: index,
            ...(cardIndex === undefined ? {} : { cardIndex }),
          });
          await refresh();
        } catch (err) {
          showError(err.message);
        } finally {
          button.disabled = false;
        }
      });
      list.append(button);
    });
    return list;
  }

  const sameOrigin = (url) =>
    (url.startsWith('/') && !url.startsWith('//')) || url.startsWith(`${location.origin}/`);
  const FILE_KINDS = {
    video: 'Video',
    audio: 'Audio',
    document: 'Document',
    image: 'Image',
    sticker: 'Sticker',
  };

  // A file sent as the message: an image (or sticker) the page can load shows as the image; any
  // other file, or an image from elsewhere (outbound requests are blocked here), as a chip with its name.
  function file(f) {
    if ((f.mediaType === 'image' || f.mediaType === 'sticker') && sameOrigin(f.url)) {
      const img = el('img', `file-image${f.mediaType === 'sticker' ? ' file-sticker' : ''}`);
      img.src = f.url;
      img.alt = f.name;
      return img;
    }
    const chip = el('div', `file-chip file-${f.mediaType}`);
    chip.title = f.url;
    chip.append(el('span', 'file-kind', FILE_KINDS[f.mediaType] || 'File'));
    chip.append(el('span', 'file-name', f.name));
    return chip;
  }

  function card(c, itemId, cardIndex) {
    const node = el('article', 'card');
    if (c.mediaUrl) {
      const media = el('div', `card-media media-${(c.mediaHeight || 'MEDIUM').toLowerCase()}`);
      if (sameOrigin(c.mediaUrl)) {
        const img = el('img');
        img.src = c.mediaUrl;
        img.alt = c.title || 'Card media';
        media.append(img);
      } else {
        // Outbound requests are blocked here: show where the media would come from.
        media.append(el('span', 'media-name', c.mediaUrl.split('/').pop() || c.mediaUrl));
      }
      node.append(media);
    }
    if (c.title) node.append(el('h3', 'card-title', c.title));
    if (c.description) node.append(el('p', 'card-text', c.description));
    if (c.suggestions?.length) node.append(chips(c.suggestions, itemId, cardIndex));
    return node;
  }

  function renderItem(item) {
    const li = el('li', `message ${item.direction}`);
    li.dataset.network = item.network;
    if (item.direction === 'received')
      li.append(el('span', 'from', `${NETWORK_NAMES[item.network]} · ${item.sender}`));
    if (item.file) li.append(file(item.file));
    if (item.text) li.append(el('p', 'bubble', item.text));
    if (item.cards?.length) {
      const holder = el('div', item.carousel ? 'carousel' : 'standalone');
      if (item.carousel) holder.setAttribute('aria-label', `Carousel of ${item.cards.length} cards`);
      item.cards.forEach((c, i) => {
        holder.append(card(c, item.id, i));
      });
      li.append(holder);
    }
    if (item.suggestions?.length) li.append(chips(item.suggestions, item.id));
    const time = new Date(item.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    li.append(el('span', 'meta', item.direction === 'received' ? `${time} · ${item.status}` : time));
    return li;
  }

  function renderInvites(list) {
    invites.replaceChildren();
    for (const invite of list.filter((i) => i.inviteStatus === 'PENDING')) {
      const box = el('div', 'invite');
      box.append(el('p', null, `${invite.agentId} invites you to test its RCS agent.`));
      for (const [label, accept] of [
        ['Accept', true],
        ['Decline', false],
      ]) {
        const button = el('button', accept ? 'chip' : 'chip chip-quiet', label);
        button.type = 'button';
        button.addEventListener('click', async () => {
          try {
            await call('/invites', { agentId: invite.agentId, accept });
            await refresh();
          } catch (err) {
            showError(err.message);
          }
        });
        box.append(button);
      }
      invites.append(box);
    }
  }

  async function refresh() {
    try {
      const response = await fetch(api, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`The sandbox answered ${response.status}.`);
      const data = await response.json();
      const signature = JSON.stringify(data);
      if (signature === lastRendered) return;
      lastRendered = signature;
      renderInvites(data.invites);
      thread.replaceChildren();
      if (!data.items.length)
        thread.append(el('li', 'empty', 'No messages yet. Send one through a connector.'));
      for (const item of data.items) thread.append(renderItem(item));
      thread.scrollTop = thread.scrollHeight;
    } catch (err) {
      showError(`Could not load the handset: ${err.message}`);
    }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) {
      showError('Type a reply first.');
      return;
    }
    showError('');
    try {
      await call('/replies', { text });
      input.value = '';
      await refresh();
    } catch (err) {
      showError(err.message);
    }
  });

  refresh();
  setInterval(refresh, 1000);
})();
