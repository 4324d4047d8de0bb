// docbrowser's pages, enhanced: selection and keys, the preview, and the
// actions, each a call to the JSON API (docs/openapi.yaml). The listing
// itself is only ever rendered by the server: after a change this script
// fetches the page again and swaps the listing in, so that a document
// looks the same however it got there.
'use strict';

(() => {
  const csrfToken = document.querySelector('meta[name="csrf-token"]').content;
  const listing = document.getElementById('listing');
  const previewPane = document.getElementById('preview');
  const previewBody = document.getElementById('preview-body');
  const previewTitle = document.getElementById('preview-title');
  const status = document.getElementById('status');
  const isTrash = document.body.dataset.location === 'trash';
  const encode = encodeURIComponent;

  // ---- The API ----------------------------------------------------------

  async function call(method, url, body, { raw = false, headers: extra = {} } = {}) {
    const headers = { Accept: 'application/json', ...extra };
    if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
    let payload = body;
    if (body !== undefined && !(body instanceof Blob)) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(url, { method, headers, body: payload, credentials: 'same-origin' });
    if (!response.ok) {
      let message = `${response.status} ${response.statusText}`;
      try {
        const error = await response.json();
        message = (error.error && error.error.message) || error.message || message;
      } catch { /* not JSON: the status says it */ }
      throw new Error(message);
    }
    if (raw) return response;
    const type = response.headers.get('Content-Type') || '';
    return type.includes('json') ? response.json() : null;
  }

  const documentURL = (id, rest = '') => `/api/documents/${encode(id)}${rest}`;

  function say(message, isError = false) {
    status.textContent = message;
    status.classList.toggle('error', isError);
    clearTimeout(say.timer);
    say.timer = setTimeout(() => { status.textContent = ''; }, isError ? 8000 : 3000);
  }

  async function attempt(work, done) {
    try {
      await work();
      if (done) say(done);
    } catch (error) {
      say(error.message, true);
    }
  }

  // ---- Selection and keys ----------------------------------------------

  const items = () => [...listing.querySelectorAll('.item')];
  const selected = () => items().filter((item) => item.getAttribute('aria-selected') === 'true');
  let anchor = 0;

  function focusItem(item) {
    items().forEach((other) => { other.tabIndex = other === item ? 0 : -1; });
    if (item) item.focus();
  }

  function select(item, { extend = false, toggle = false } = {}) {
    const all = items();
    const index = all.indexOf(item);
    if (index < 0) return;
    if (extend) {
      const [from, to] = [Math.min(anchor, index), Math.max(anchor, index)];
      all.forEach((other, i) => other.setAttribute('aria-selected', String(i >= from && i <= to)));
    } else if (toggle) {
      item.setAttribute('aria-selected', String(item.getAttribute('aria-selected') !== 'true'));
      anchor = index;
    } else {
      all.forEach((other) => other.setAttribute('aria-selected', String(other === item)));
      anchor = index;
    }
    focusItem(item);
    selectionChanged();
  }

  function selectionChanged() {
    const chosen = selected();
    const one = chosen.length === 1 ? chosen[0] : null;
    const enable = (action, on) => {
      const button = document.querySelector(`[data-action="${action}"]`);
      if (button) button.disabled = !on;
      return button;
    };
    const documents = chosen.filter((item) => item.dataset.id);
    enable('download', one && one.dataset.id && !one.classList.contains('folder'));
    enable('move', documents.length > 0);
    enable('rename', one && one.dataset.id);
    enable('duplicate', documents.length > 0);
    enable('export', documents.length > 0);
    enable('delete', documents.length > 0);
    const resolve = enable('resolve', one && states(one).includes('inConflict'));
    if (resolve) resolve.hidden = resolve.disabled;
    if (!previewPane.hidden && one && previewPane.dataset.id !== one.dataset.id) showPreview(one);
  }

  const states = (item) => (item.dataset.states || '').split(' ').filter(Boolean);

  // Rows per line of the grid, from where the items sit: arrows move as
  // the eye expects at any width.
  function columns() {
    const all = items();
    if (all.length < 2) return 1;
    const top = all[0].offsetTop;
    const count = all.findIndex((item) => item.offsetTop !== top);
    return count < 0 ? all.length : count;
  }

  listing.addEventListener('keydown', (event) => {
    const all = items();
    if (!all.length) return;
    const current = document.activeElement.closest ? document.activeElement.closest('.item') : null;
    const index = Math.max(0, all.indexOf(current));
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns(), ArrowUp: -columns(), Home: -all.length, End: all.length }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      const target = current ? Math.min(all.length - 1, Math.max(0, index + step)) : 0;
      select(all[target], { extend: event.shiftKey });
      all[target].scrollIntoView({ block: 'nearest' });
      return;
    }
    if (event.key === 'a' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      all.forEach((item) => item.setAttribute('aria-selected', 'true'));
      selectionChanged();
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      open(current);
    } else if ((event.key === 'Delete' || (event.key === 'Backspace' && event.metaKey)) && !isTrash) {
      event.preventDefault();
      trashSelection();
    } else if (event.key === 'F2' && !isTrash) {
      event.preventDefault();
      rename();
    } else if (event.key === 'Escape') {
      closePreview();
    }
  });

  listing.addEventListener('click', (event) => {
    if (event.target.closest('[data-action="put-back"]')) return;
    const item = event.target.closest('.item');
    if (event.target.closest('.name a') && !event.ctrlKey && !event.metaKey) return;
    if (!item) {
      items().forEach((other) => other.setAttribute('aria-selected', 'false'));
      selectionChanged();
      return;
    }
    select(item, { extend: event.shiftKey, toggle: event.ctrlKey || event.metaKey });
    if (!previewPane.hidden && !item.classList.contains('folder')) showPreview(item);
  });

  listing.addEventListener('dblclick', (event) => {
    const item = event.target.closest('.item');
    if (item) open(item);
  });

  // Listbox semantics: Tab reaches the list as one stop, at its selection
  // or its first item (a roving tabindex).
  function keepTabStop() {
    const all = items();
    if (all.length && !all.some((item) => item.tabIndex === 0)) (selected()[0] || all[0]).tabIndex = 0;
  }

  function open(item) {
    if (item.dataset.href) {
      window.location.href = item.dataset.href;
    } else if (item.dataset.id) {
      showPreview(item);
    }
  }

  // ---- Thumbnails -------------------------------------------------------

  // A document without a thumbnail shows its kind's icon under the image;
  // a small image is its own thumbnail.
  const ownThumbnailBytes = 4 << 20;
  function watchThumbnails(root) {
    root.querySelectorAll('.thumb img').forEach((image) => {
      const item = image.closest('.item');
      const failed = () => {
        const own = documentURL(item.dataset.id, '/content?inline=1');
        if (item.dataset.icon === 'image' && Number(item.dataset.size) <= ownThumbnailBytes && !image.src.endsWith(own)) {
          image.addEventListener('error', () => image.classList.add('failed'), { once: true });
          image.src = own;
        } else {
          image.classList.add('failed');
        }
      };
      if (image.complete && image.naturalWidth === 0) failed();
      else image.addEventListener('error', failed, { once: true });
    });
  }

  // ---- The listing, fetched again ---------------------------------------

  // `url` with some query parameters replaced (null removes one), spaces
  // as %20: the server reads + as itself, as RFC 3986 has it.
  function withQuery(url, changes) {
    const address = new URL(url, window.location.href);
    const pairs = address.search.slice(1).split('&').filter((pair) => pair && !(decodeURIComponent(pair.split('=')[0]) in changes));
    for (const [key, value] of Object.entries(changes)) if (value !== null) pairs.push(`${encode(key)}=${encode(value)}`);
    address.search = pairs.length ? `?${pairs.join('&')}` : '';
    return address.href;
  }

  async function fetchPage(url) {
    const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    return new DOMParser().parseFromString(await response.text(), 'text/html');
  }

  // The server renders a page of documents at a time; the next comes as
  // the list scrolls to its end.
  function watchMore() {
    const more = listing.querySelector('.more');
    if (!more || !window.IntersectionObserver) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      attempt(async () => {
        const page = await fetchPage(more.href);
        const list = listing.querySelector('ul.items');
        for (const item of page.querySelectorAll('#listing .item')) list.append(document.importNode(item, true));
        const next = page.querySelector('#listing .more');
        if (next) more.replaceWith(document.importNode(next, true));
        else more.remove();
        watchThumbnails(list);
        watchMore();
      });
    });
    observer.observe(more);
  }

  let refreshing = null;
  async function refresh(url = window.location.href) {
    // As many documents as are loaded now, from the first.
    const pageSize = Number((listing.querySelector('ul.items') || { dataset: {} }).dataset.pageSize) || 0;
    const loaded = items().length;
    const page = await fetchPage(withQuery(url, { offset: null, limit: pageSize && loaded > pageSize ? String(loaded) : null }));
    const fresh = page.getElementById('listing');
    if (!fresh) return;
    // The selection as it is now, not as it was when the fetch began.
    const chosen = new Set(selected().map((item) => item.dataset.id || item.dataset.trashName));
    const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest('.item');
    const focusedKey = focused ? (focused.dataset.id || focused.dataset.trashName) : null;
    listing.innerHTML = fresh.innerHTML;
    // The view switch links to the same filters.
    const views = page.querySelector('.views');
    if (views && document.querySelector('.views')) document.querySelector('.views').innerHTML = views.innerHTML;
    watchThumbnails(listing);
    watchMore();
    for (const item of items()) {
      const key = item.dataset.id || item.dataset.trashName;
      if (chosen.has(key)) item.setAttribute('aria-selected', 'true');
      if (key === focusedKey) focusItem(item);
    }
    selectionChanged();
    keepTabStop();
  }

  function scheduleRefresh() {
    clearTimeout(refreshing);
    refreshing = setTimeout(() => attempt(() => refresh()), 150);
  }

  // The filters apply as they change, without leaving the page.
  const controls = document.querySelector('form.controls');
  if (controls) {
    const apply = () => {
      // %20 rather than URLSearchParams' +, which the server keeps as it is.
      const query = [...new FormData(controls)].filter(([, value]) => value !== '').map(([key, value]) => `${encode(key)}=${encode(value)}`);
      const url = new URL(`/?${query.join('&')}`, window.location.href);
      history.replaceState(null, '', url);
      attempt(() => refresh(url.href));
    };
    controls.addEventListener('change', apply);
    controls.addEventListener('submit', (event) => { event.preventDefault(); apply(); });
    let typing = null;
    controls.querySelector('input[type=search]').addEventListener('input', () => {
      clearTimeout(typing);
      typing = setTimeout(apply, 200);
    });
  }

  // ---- Live updates -----------------------------------------------------

  // Any change to the catalog, whoever made it, shows without a reload.
  // `gathered` starts each connection: what changed between this page's
  // rendering and then (or while disconnected) is in no other event.
  if (window.EventSource) {
    const events = new EventSource('/api/events');
    for (const name of ['gathered', 'added', 'removed', 'changed', 'renamed', 'stateChanged']) {
      events.addEventListener(name, scheduleRefresh);
    }
  }

  // ---- Preview ----------------------------------------------------------

  function element(tag, properties = {}, children = []) {
    const node = Object.assign(document.createElement(tag), properties);
    for (const child of children) node.append(child);
    return node;
  }

  function closePreview() {
    previewPane.hidden = true;
    delete previewPane.dataset.id;
  }

  function describe(fields) {
    const list = element('dl');
    for (const field of fields || []) list.append(element('dt', { textContent: field.label }), element('dd', { textContent: field.value }));
    return list;
  }

  // Quick Look's text is an array of lines.
  const textOf = (preview) => (Array.isArray(preview.text) ? preview.text.join('\n') : preview.text || '');

  function renderPreview(preview, id) {
    const body = [];
    switch (preview.presentation) {
      case 'image':
        body.push(element('img', { src: documentURL(id, '/content?inline=1'), alt: preview.name }));
        break;
      case 'pdf': {
        // The first page as its thumbnail, when one can be made.
        const page = element('img', { src: documentURL(id, '/thumbnail'), alt: `First page of ${preview.name}` });
        page.addEventListener('error', () => page.remove(), { once: true });
        body.push(page);
        if (textOf(preview)) body.push(element('pre', { className: 'text', textContent: textOf(preview) }));
        break;
      }
      case 'package':
        body.push(element('ul', { className: 'tree' }, (preview.tree || []).map((entry) => element('li', {
          textContent: `${'  '.repeat(entry.depth || 0)}${entry.kind === 'directory' ? '▸ ' : ''}${(entry.relativePath || '').split('/').pop()}`,
          style: `padding-left:${(entry.depth || 0) * 12}px`,
        }))));
        break;
      case 'table':
        if (preview.table) {
          const table = element('table');
          table.append(element('tr', {}, preview.table.columns.map((column) => element('th', { textContent: column }))));
          for (const row of preview.table.rows.slice(0, 50)) table.append(element('tr', {}, row.map((cell) => element('td', { textContent: cell }))));
          body.push(table);
        }
        break;
      case 'archive':
        body.push(element('ul', { className: 'tree' }, (preview.entries || []).map((entry) => element('li', { textContent: entry.name }))));
        break;
      default:
        if (textOf(preview)) body.push(element('pre', { className: 'text', textContent: textOf(preview) }));
    }
    body.push(describe(preview.fields));
    for (const note of preview.notes || []) body.push(element('p', { className: 'note', textContent: note }));
    return body;
  }

  async function showPreview(item) {
    const id = item.dataset.id;
    if (!id) return;
    previewPane.hidden = false;
    previewPane.dataset.id = id;
    previewTitle.textContent = item.dataset.name;
    previewBody.replaceChildren(element('p', { className: 'loading', textContent: 'Loading…' }));
    try {
      const answer = await call('GET', documentURL(id, '/preview'));
      const preview = Array.isArray(answer) ? answer[0] : answer;
      if (previewPane.dataset.id !== id) return;
      previewBody.replaceChildren(...renderPreview(preview, id));
    } catch (error) {
      previewBody.replaceChildren(element('p', { className: 'error', textContent: error.message }));
    }
  }

  // ---- Actions ----------------------------------------------------------

  const selectedIDs = () => selected().map((item) => item.dataset.id).filter(Boolean);

  function downloadFrom(url, filename) {
    const link = element('a', { href: url, download: filename || '' });
    document.body.append(link);
    link.click();
    link.remove();
  }

  async function trashSelection() {
    const ids = selectedIDs();
    if (!ids.length) return;
    await attempt(async () => {
      for (const id of ids) await call('DELETE', documentURL(id));
      closePreview();
      await refresh();
    }, ids.length === 1 ? 'Moved to the Trash' : `Moved ${ids.length} documents to the Trash`);
  }

  // Cancel is a plain button, so that Enter in a field submits the default.
  document.addEventListener('click', (event) => {
    const cancel = event.target.closest('dialog [data-close]');
    if (cancel) cancel.closest('dialog').close('cancel');
  });

  function ask(dialog) {
    dialog.returnValue = '';
    return new Promise((resolve) => {
      dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok'), { once: true });
      dialog.showModal();
    });
  }

  async function rename() {
    const item = selected()[0];
    if (!item || !item.dataset.id) return;
    const dialog = document.getElementById('rename-dialog');
    const input = dialog.querySelector('input[name=name]');
    input.value = item.dataset.name;
    const dot = item.dataset.name.lastIndexOf('.');
    const opened = ask(dialog);
    input.focus();
    input.setSelectionRange(0, dot > 0 && !item.classList.contains('folder') ? dot : input.value.length);
    if (!(await opened) || input.value === item.dataset.name) return focusItem(item);
    await attempt(async () => {
      await call('POST', documentURL(item.dataset.id, '/rename'), { name: input.value });
      await refresh();
    }, `Renamed to ${input.value}`);
  }

  async function move() {
    const ids = selectedIDs();
    if (!ids.length) return;
    const here = document.body.dataset.location;
    const folder = document.body.dataset.folder;
    const targets = [];
    const otherName = here === 'local' ? 'iCloud Drive' : 'On My Device';
    targets.push({ label: otherName, location: here === 'local' ? 'cloud' : 'local' });
    if (folder) {
      const parent = folder.split('/').slice(0, -1).join('/');
      targets.push({ label: `Up to ${parent ? parent.split('/').pop() : document.querySelector('.place[aria-current=page]').textContent.trim()}`, folder: parent });
    }
    const chosen = new Set(ids);
    for (const item of items()) {
      if (item.classList.contains('folder') && !chosen.has(item.dataset.id)) {
        targets.push({ label: `Into ${item.dataset.name}`, folder: folder ? `${folder}/${item.dataset.name}` : item.dataset.name });
      }
    }
    const dialog = document.getElementById('move-dialog');
    const list = dialog.querySelector('#move-targets');
    list.replaceChildren(...targets.map((target, index) => element('label', {}, [
      element('input', { type: 'radio', name: 'target', value: String(index), checked: index === 0 }), ` ${target.label}`,
    ])));
    if (!(await ask(dialog))) return;
    const target = targets[Number(dialog.querySelector('input[name=target]:checked').value)];
    await attempt(async () => {
      // Another location is a move between them; a folder, one within this one.
      for (const id of ids) {
        if (target.location) await call('POST', documentURL(id, '/move'), { location: target.location });
        else await call('POST', documentURL(id, '/folder'), { folder: target.folder });
      }
      closePreview();
      await refresh();
    }, `Moved to ${target.label.replace(/^(Into|Up to) /, '')}`);
  }

  async function duplicate() {
    const ids = selectedIDs();
    await attempt(async () => {
      for (const id of ids) await call('POST', documentURL(id, '/duplicate'));
      await refresh();
    }, 'Duplicated');
  }

  async function exportSelection() {
    const ids = selectedIDs();
    await attempt(async () => {
      const response = await call('POST', '/api/export', { ids }, { raw: true });
      const url = URL.createObjectURL(await response.blob());
      downloadFrom(url, 'Documents.zip');
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    }, `Exported ${ids.length === 1 ? 'one document' : `${ids.length} documents`}`);
  }

  function download() {
    const item = selected()[0];
    if (item && item.dataset.id) downloadFrom(documentURL(item.dataset.id, '/content'));
  }

  async function resolveConflict() {
    const item = selected()[0];
    if (!item) return;
    const id = item.dataset.id;
    const dialog = document.getElementById('conflict-dialog');
    document.getElementById('conflict-title').textContent = `Resolve Conflict: ${item.dataset.name}`;
    const box = document.getElementById('conflict-versions');
    box.replaceChildren(element('p', { textContent: 'Loading…' }));
    const opened = ask(dialog);
    try {
      const report = await call('GET', documentURL(id, '/versions'));
      const versions = [report.current, ...(report.conflicts || [])].filter(Boolean);
      box.replaceChildren(...versions.map((version, index) => {
        const sample = element('div', { className: 'sample' });
        const card = element('label', { className: 'version' }, [
          element('span', {}, [element('input', { type: 'radio', name: 'version', value: String(version.number), checked: index === 0 }),
            ` ${version.isCurrent ? 'Current version' : `Version ${version.number}`}`]),
          element('strong', { textContent: version.name }),
          element('span', { className: 'meta', textContent: [version.device ? `from ${version.device}` : (version.isCurrent ? 'this device' : ''), version.engine, new Date(version.modified).toLocaleString()].filter(Boolean).join(' · ') }),
          sample,
        ]);
        loadVersionSample(id, version, sample);
        return card;
      }));
    } catch (error) {
      box.replaceChildren(element('p', { className: 'error', textContent: error.message }));
    }
    if (!(await opened)) return;
    const number = dialog.querySelector('input[name=version]:checked').value;
    const keep = number === '0' ? 'current' : number;
    await attempt(async () => {
      await call('POST', documentURL(id, '/resolve'), { keep });
      await refresh();
    }, 'Conflict resolved');
  }

  // A version's content beside the others: its text, or its image.
  async function loadVersionSample(id, version, into) {
    const url = documentURL(id, `/versions/${version.number}/content?inline=1`);
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) return;
      const type = response.headers.get('Content-Type') || '';
      if (type.startsWith('image/')) into.append(element('img', { src: URL.createObjectURL(await response.blob()), alt: version.name }));
      else if (type.startsWith('text/') || type.includes('json')) into.append(element('pre', { textContent: (await response.text()).slice(0, 4000) }));
    } catch { /* the name, device and date still tell the versions apart */ }
  }

  async function putBack(item) {
    await attempt(async () => {
      await call('POST', `/api/trash/${encode(item.dataset.trashName)}/restore`, {});
      await refresh();
    }, `Put back ${item.dataset.name}`);
  }

  const actions = {
    download, move, rename, duplicate, delete: trashSelection, export: exportSelection, resolve: resolveConflict,
    'close-preview': closePreview,
  };
  document.addEventListener('click', (event) => {
    const button = event.target.closest('[data-action]');
    if (!button) return;
    if (button.dataset.action === 'put-back') putBack(button.closest('.item'));
    else if (actions[button.dataset.action]) actions[button.dataset.action]();
  });

  // ---- Upload -----------------------------------------------------------

  async function upload(files) {
    if (!files.length) return;
    const here = document.body.dataset;
    await attempt(async () => {
      // The body is the file itself, named in a header: an archive is
      // imported as its documents, any other file as one.
      // Import puts documents at the top of the location; in a folder,
      // each then moves into it.
      for (const file of files) {
        const imported = await call('POST', `/api/documents?location=${encode(here.location)}`, file, { headers: { 'X-Filename': encode(file.name) } });
        if (here.folder) {
          for (const document of imported.documents || []) await call('POST', documentURL(document.id, '/folder'), { folder: here.folder });
        }
      }
      await refresh();
    }, files.length === 1 ? `Added ${files[0].name}` : `Added ${files.length} files`);
  }

  const input = document.getElementById('upload-input');
  if (input) input.addEventListener('change', () => { upload([...input.files]); input.value = ''; });

  const dropZone = document.getElementById('drop-zone');
  let dragDepth = 0;
  const carriesFiles = (event) => event.dataTransfer && [...event.dataTransfer.types].includes('Files');
  if (!isTrash) {
    document.addEventListener('dragenter', (event) => {
      if (!carriesFiles(event)) return;
      dragDepth += 1;
      dropZone.hidden = false;
    });
    document.addEventListener('dragleave', () => {
      dragDepth = Math.max(0, dragDepth - 1);
      if (dragDepth === 0) dropZone.hidden = true;
    });
    document.addEventListener('dragover', (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    });
    document.addEventListener('drop', (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      dragDepth = 0;
      dropZone.hidden = true;
      upload([...event.dataTransfer.files]);
    });
  }

  watchThumbnails(document);
  watchMore();
  selectionChanged();
  keepTabStop();
})();
