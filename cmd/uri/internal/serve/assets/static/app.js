// The page of `uri serve`: the readings of a text, and the ABNF workbench.
// Every text from an answer is put in the page as text (textContent), never
// as markup; the one piece of markup, a railroad diagram, is parsed as an
// SVG document (XML), which holds no script.
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const mode = document.querySelector('meta[name="uri-mode"]').content;
  const MAX_TEXT = 64 << 10; // api.MaxText
  const DEADLINE = 1000;

  // el makes an element with attributes and children (strings become text).
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? '' : v);
    }
    e.append(...children.filter((c) => c !== undefined && c !== null));
    return e;
  }

  // ---- The engine: the server's API, or the WebAssembly build in a worker.

  function serverEngine() {
    return {
      async call(path, body) {
        const init = body === undefined ? {} : {
          method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
        };
        let res;
        try {
          res = await fetch('api/' + path, init);
        } catch (e) {
          return { error: 'the server did not answer: is uri serve still running?' };
        }
        let data;
        try {
          data = await res.json();
        } catch (e) {
          return { error: 'the server answered ' + res.status + ' without JSON' };
        }
        return res.ok ? { data } : { error: data.error || 'error ' + res.status };
      },
    };
  }

  // staticEngine runs the Go code compiled to WebAssembly in a Web Worker;
  // a computation past the deadline is stopped by ending the worker, and a
  // new one takes its place.
  function staticEngine() {
    const module = WebAssembly.compileStreaming(fetch('uri.wasm'));
    let worker, ready, seq = 0;
    const pending = new Map();
    function start() {
      worker = new Worker('static/worker.js');
      ready = new Promise((resolve, reject) => {
        worker.onmessage = (ev) => {
          const m = ev.data;
          if (m.ready) return resolve();
          if (m.failed) return reject(new Error(m.failed));
          const p = pending.get(m.id);
          if (p) { pending.delete(m.id); p(m); }
        };
        worker.onerror = (e) => reject(new Error(e.message || 'the worker failed'));
      });
      module.then((mod) => worker.postMessage({ module: mod }), (e) => worker.postMessage({ failed: String(e) }));
    }
    start();
    return {
      async call(path, body) {
        try {
          await ready;
        } catch (e) {
          return { error: 'the WebAssembly engine did not start: ' + e.message };
        }
        const id = ++seq;
        const answer = new Promise((resolve) => pending.set(id, resolve));
        worker.postMessage({ id, path, body: body === undefined ? '' : JSON.stringify(body) });
        let timer;
        const late = new Promise((resolve) => { timer = setTimeout(() => resolve(null), DEADLINE); });
        const m = await Promise.race([answer, late]);
        clearTimeout(timer);
        if (m === null) {
          worker.terminate();
          for (const p of pending.values()) p({ status: 503, body: '{"error":"stopped with another computation"}' });
          pending.clear();
          start();
          return { error: 'stopped after 1 s: this grammar and these strings cost more than the page computes for one request; shorten the strings or simplify the grammar' };
        }
        const data = JSON.parse(m.body);
        return m.status === 200 ? { data } : { error: data.error };
      },
    };
  }

  const engine = mode === 'static' ? staticEngine() : serverEngine();

  // ---- Texts: control characters made visible, places marked.

  // renderText returns s as text nodes, a C0 control or DEL as its Control
  // Pictures symbol in a box, so that nothing of the input is invisible.
  function renderText(s) {
    const frag = document.createDocumentFragment();
    let run = '';
    for (const ch of s) {
      const c = ch.codePointAt(0);
      if (c < 0x20 || c === 0x7f) {
        if (run) { frag.append(run); run = ''; }
        const sym = c === 0x7f ? '\u2421' : String.fromCodePoint(0x2400 + c);
        frag.append(el('span', { class: 'ctl', title: 'U+' + c.toString(16).toUpperCase().padStart(4, '0') }, sym));
      } else {
        run += ch;
      }
    }
    if (run) frag.append(run);
    return frag;
  }

  // markedText shows s with s[start:end] (UTF-16 indexes) marked; an empty
  // mark at the end of s shows as a caret.
  function markedText(s, start, end, label) {
    const code = el('code', { class: 'text' });
    code.append(renderText(s.slice(0, start)));
    const at = s.slice(start, end);
    const m = el('mark', { 'aria-label': label || 'here' });
    if (at === '') {
      m.className = 'end';
      m.textContent = '\u2038';
    } else {
      m.append(renderText(at));
    }
    code.append(m, renderText(s.slice(end)));
    return code;
  }

  function debounce(fn, ms) {
    let t;
    return (...args) => { clearTimeout(t); t = setTimeout(() => fn(...args), ms); };
  }

  // ---- The address: ?input=...&base=... for the readings, tool=abnf and
  // the preset and rule for the workbench.

  const params = new URLSearchParams(location.search);
  function saveAddress() {
    const p = new URLSearchParams();
    if (currentTool() === 'abnf') {
      p.set('tool', 'abnf');
      if ($('preset').value) p.set('preset', $('preset').value);
      if ($('rule').value) p.set('rule', $('rule').value);
    }
    if ($('input').value) p.set('input', $('input').value);
    if ($('base').value) p.set('base', $('base').value);
    const q = p.toString();
    history.replaceState(null, '', q ? '?' + q : location.pathname);
  }

  // ---- Tabs (WAI-ARIA tabs: arrows, Home and End move between them).

  const tabs = [$('tab-readings'), $('tab-abnf')];
  function currentTool() { return $('tab-abnf').getAttribute('aria-selected') === 'true' ? 'abnf' : 'readings'; }
  function selectTab(tab, focus) {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute('aria-selected', on ? 'true' : 'false');
      t.tabIndex = on ? 0 : -1;
      $(t.getAttribute('aria-controls')).hidden = !on;
    }
    if (focus) tab.focus();
    saveAddress();
    if (tab.id === 'tab-abnf') workbench.start();
  }
  for (const t of tabs) {
    t.addEventListener('click', () => selectTab(t, false));
    t.addEventListener('keydown', (ev) => {
      const i = tabs.indexOf(t);
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[ev.key];
      if (to === undefined) return;
      ev.preventDefault();
      selectTab(tabs[(to + tabs.length) % tabs.length], true);
    });
  }

  // ---- Readings.

  const readings = (() => {
    let seq = 0;
    async function update() {
      saveAddress();
      const input = $('input').value, base = $('base').value;
      const status = $('readings-status');
      if (input.length > MAX_TEXT || base.length > MAX_TEXT) {
        status.textContent = 'The text or the base is over 64 KiB: the page reads at most 64 KiB of each.';
        status.className = 'status error';
        return;
      }
      const n = ++seq;
      const res = await engine.call('readings', { input, base });
      if (n !== seq) return;
      if (res.error) {
        status.textContent = res.error;
        status.className = 'status error';
        return;
      }
      status.className = 'status';
      render(res.data);
    }

    function cell(r, i) {
      if (!r.accepted) return el('td', { class: 'undefined' }, el('span', { class: 'sr-only' }, 'refused'));
      const p = r.parts[i];
      const td = el('td', { class: 'value' });
      if (!p.defined) {
        td.classList.add('undefined');
        td.append(el('span', { 'aria-hidden': 'true' }, '—'), el('span', { class: 'sr-only' }, 'undefined'));
      } else if (p.value === '') {
        td.append(el('span', { class: 'empty' }, '(empty)'));
      } else {
        td.append(renderText(p.value));
      }
      if (p.hazard) td.classList.add('hazard');
      else if (p.differs) td.classList.add('differ');
      return td;
    }

    function render(d) {
      const hz = $('hazards');
      hz.replaceChildren();
      for (const h of d.hazards) {
        const div = el('div', { class: 'hazard', role: 'alert' }, el('strong', {}, '⚠ Hazard:'), h.message);
        if (h.mark) div.append(' ', markedText(h.mark.text === 'base' ? d.base : d.input, h.mark.start, h.mark.end, 'the hazard'));
        hz.append(div);
      }
      const tbody = $('readings-table').tBodies[0];
      tbody.replaceChildren();
      const status = el('tr', {}, el('th', { scope: 'row' }, 'reading'));
      for (const r of d.readings) {
        status.append(el('td', {}, el('span', { class: r.accepted ? 'accepted' : 'refused' }, r.accepted ? '✓ accepted' : '✗ refused')));
      }
      tbody.append(status);
      d.parts.forEach((name, i) => {
        const any = d.readings.find((r) => r.accepted);
        const p = any ? any.parts[i] : { differs: false, hazard: false };
        const tr = el('tr', { class: p.hazard ? 'hazard' : p.differs ? 'differ' : undefined });
        const th = el('th', { scope: 'row' }, el('span', { class: 'sign', 'aria-hidden': 'true' }, p.hazard ? '⚠' : p.differs ? '≠' : ''), name);
        if (p.hazard) th.append(el('span', { class: 'sr-only' }, ' (hazard: the readings connect to different places)'));
        else if (p.differs) th.append(el('span', { class: 'sr-only' }, ' (the readings differ)'));
        tr.append(th, ...d.readings.map((r) => cell(r, i)));
        tbody.append(tr);
      });
      const href = el('tr', {}, el('th', { scope: 'row' }, el('span', { class: 'sign' }), 'href'));
      const danger = d.hazards.length > 0;
      const dial = el('tr', { class: danger ? 'hazard' : undefined },
        el('th', { scope: 'row' }, el('span', { class: 'sign', 'aria-hidden': 'true' }, danger ? '⚠' : ''), 'dial address'));
      for (const r of d.readings) {
        href.append(el('td', { class: 'value' }, r.accepted ? renderText(r.href) : ''));
        dial.append(el('td', { class: 'value' }, r.dial ? renderText(r.dial) : el('span', { class: 'empty' }, r.dialNote || '')));
      }
      tbody.append(href, dial);
      renderProblems(d);
    }

    function renderProblems(d) {
      const box = $('readings-problems');
      box.replaceChildren();
      for (const r of d.readings) {
        if (r.error) box.append(problem(d, r.parser + ' refused it', r.error, ''));
        if (r.notes && r.notes.length) {
          const div = el('div', { class: 'problem note' }, el('h3', {}, r.parser + ': validation errors (what a browser repairs)'));
          for (const n of r.notes) div.append(problemBody(d, n));
          box.append(div);
        }
      }
    }

    function problem(d, title, p) {
      return el('div', { class: 'problem' }, el('h3', {}, title), problemBody(d, p));
    }

    function problemBody(d, p) {
      const frag = document.createDocumentFragment();
      if (p.mark) {
        const s = p.mark.text === 'base' ? d.base : d.input;
        frag.append(el('p', {}, p.mark.text === 'base' ? 'In the base: ' : '',
          markedText(s, p.mark.start, p.mark.end, p.mark.password ? 'in the password' : 'the character at fault')));
      }
      frag.append(el('p', {}, p.message));
      if (p.expected && p.expected.length) frag.append(el('p', { class: 'expected' }, 'expected: ' + p.expected.join(', ')));
      if (p.hint) frag.append(el('p', { class: 'hint' }, p.hint));
      return frag;
    }

    const later = debounce(update, 120);
    $('input').addEventListener('input', later);
    $('base').addEventListener('input', later);
    $('readings-form').addEventListener('submit', (ev) => { ev.preventDefault(); update(); });
    for (const b of document.querySelectorAll('button.example')) {
      b.addEventListener('click', () => {
        $('input').value = b.dataset.input;
        $('base').value = b.dataset.base || '';
        update();
        $('input').focus();
      });
    }
    return { update };
  })();

  // ---- The ABNF workbench.

  const workbench = (() => {
    let presets = [], started = false, seq = 0, diagramRule = '';
    const visited = [];

    async function start() {
      if (started) return;
      started = true;
      const res = await engine.call('presets');
      if (res.error) {
        $('abnf-status').textContent = res.error;
        return;
      }
      presets = res.data;
      for (const p of presets) $('preset').append(el('option', { value: p.id }, p.title));
      const want = presets.find((p) => p.id === params.get('preset')) || presets[0];
      $('preset').value = want.id;
      load(want, params.get('rule') || want.rule);
    }

    function load(p, rule) {
      $('grammar').value = p.text;
      $('tests').value = p.tests.join('\n');
      setOptions($('rule'), [rule], rule);
      diagramRule = '';
      visited.length = 0;
      run();
    }

    function setOptions(select, names, want) {
      const keep = want || select.value;
      select.replaceChildren(...names.map((n) => el('option', { value: n }, n)));
      if (names.includes(keep)) select.value = keep;
    }

    function tests() {
      const t = $('tests').value.split('\n');
      if (t.length && t[t.length - 1] === '') t.pop();
      return t;
    }

    async function run() {
      syncMirror(null);
      saveAddress();
      const grammar = $('grammar').value, ts = tests();
      const status = $('abnf-status');
      if (grammar.length > MAX_TEXT || ts.some((s) => s.length > MAX_TEXT)) {
        status.textContent = 'The grammar or a test string is over 64 KiB: the page reads at most 64 KiB of each.';
        status.className = 'status error';
        return;
      }
      const n = ++seq;
      status.textContent = 'Checking…';
      status.className = 'status';
      const res = await engine.call('grammar', {
        grammar, rule: $('rule').value, tests: ts, diagram: diagramRule, charRules: $('char-rules').checked,
      });
      if (n !== seq) return;
      if (res.error) {
        status.textContent = res.error;
        status.className = 'status error';
        return;
      }
      status.textContent = '';
      render(res.data, ts);
    }

    function render(d, ts) {
      const errBox = $('grammar-error');
      errBox.replaceChildren();
      if (d.error) {
        errBox.append(compileError(d.error));
        syncMirror(d.error);
        $('results').replaceChildren();
        return;
      }
      setOptions($('rule'), d.rules, d.rule);
      if (d.ruleError) {
        $('abnf-status').textContent = d.ruleError;
        $('abnf-status').className = 'status error';
        return;
      }
      $('results').replaceChildren(...d.results.map((r, i) => result(ts[i], r)));
      if (!ts.length) $('results').append(el('li', { class: 'empty' }, 'Type test strings, one a line.'));
      if (d.diagram) renderDiagram(d);
    }

    // compileError shows an *abnf.Error at its line and column: the line of
    // the text with a caret under the column.
    function compileError(e) {
      const box = el('div', { class: 'compile-error', role: 'alert' });
      if (e.line) {
        box.append(el('span', { class: 'where', 'data-line': e.line, 'data-column': e.column }, `line ${e.line}, column ${e.column}: `));
      }
      box.append(e.message);
      if (e.line) {
        const line = $('grammar').value.split('\n')[e.line - 1] || '';
        const chars = Array.from(line);
        const before = chars.slice(0, e.column - 1).join(''), at = chars[e.column - 1] || '';
        box.append(el('pre', {}, markedText(line, before.length, before.length + at.length, 'line ' + e.line + ' column ' + e.column)));
        const go = el('button', { type: 'button' }, 'Go to the error');
        go.addEventListener('click', () => selectAt(e.line, e.column));
        box.append(go);
      }
      for (const r of e.rules || []) {
        const b = el('button', { type: 'button' }, `${r.Name} (line ${r.Line}, column ${r.Column})`);
        b.addEventListener('click', () => selectAt(r.Line, r.Column));
        box.append(' ', b);
      }
      return box;
    }

    // offsetOf returns the UTF-16 index of line and column (from 1, the
    // column in characters) in the grammar.
    function offsetOf(text, line, column) {
      const lines = text.split('\n');
      let off = 0;
      for (let i = 0; i < line - 1 && i < lines.length; i++) off += lines[i].length + 1;
      const chars = Array.from(lines[line - 1] || '');
      return off + chars.slice(0, column - 1).join('').length;
    }

    function selectAt(line, column) {
      const ta = $('grammar');
      const off = offsetOf(ta.value, line, column);
      ta.focus();
      ta.setSelectionRange(off, off + 1);
    }

    // syncMirror draws the grammar behind the textarea with the places of
    // an error marked, so that the error shows in the text itself.
    function syncMirror(e) {
      const mirror = $('grammar-mirror'), text = $('grammar').value;
      mirror.replaceChildren();
      const places = [];
      if (e && e.line) places.push([e.line, e.column]);
      if (e && e.rules) for (const r of e.rules) places.push([r.Line, r.Column]);
      const offs = places.map(([l, c]) => offsetOf(text, l, c)).sort((a, b) => a - b);
      let last = 0;
      for (const off of offs) {
        if (off < last) continue;
        mirror.append(text.slice(last, off));
        const end = Math.min(text.length, off + (text.codePointAt(off) > 0xffff ? 2 : 1));
        const at = text.slice(off, end);
        mirror.append(el('mark', { class: 'error-place' }, at === '' || at === '\n' ? ' ' : at));
        if (at === '\n') mirror.append('\n');
        last = end;
      }
      mirror.append(text.slice(last) + '\n');
      mirror.scrollTop = $('grammar').scrollTop;
      mirror.scrollLeft = $('grammar').scrollLeft;
    }

    function result(s, r) {
      const li = el('li', { class: r.accepted ? 'ok' : 'bad' });
      const head = el('div', { class: 'result-head' },
        el('span', { class: r.accepted ? 'accepted' : 'refused' }, r.accepted ? '✓ accepted' : '✗ refused'));
      if (r.failure) {
        head.append(markedText(s, r.failure.start, r.failure.end, 'the farthest failure'));
        li.append(head, el('p', {}, r.failure.message));
      } else {
        head.append(el('code', { class: 'text' }, renderText(s)));
        li.append(head);
        if (r.tree) li.append(drawTree(s, r.tree));
        if (r.treeNote) li.append(el('p', { class: 'empty' }, r.treeNote));
      }
      return li;
    }

    // CELL is the width of one character in a drawn tree: wider than the
    // font's, so that the names of the rules fit under short spans.
    const CELL = 18;

    // drawTree draws the tree of named rules under the string: one line a
    // level, each rule a bar under the characters it matched; a list of the
    // same tree follows for screen readers.
    function drawTree(s, tree) {
      const col = new Map();
      const line = el('div', { class: 'tree-line' });
      let c = 0, i = 0;
      for (const ch of s) {
        col.set(i, c);
        const cell = el('span', { class: 'tree-char' }, renderText(ch));
        cell.style.left = (c * CELL) + 'px';
        line.append(cell);
        i += ch.length;
        c++;
      }
      col.set(i, c);
      const box = el('div', { class: 'tree', 'aria-hidden': 'true' }, line);
      let level = [tree];
      while (level.length) {
        const row = el('div', { class: 'tree-line' });
        const next = [];
        for (const n of level) {
          const a = col.get(n.start) || 0, b = col.get(n.end) || 0;
          const bar = el('span', { class: 'tree-node' + (a === b ? ' empty-span' : ''), title: `${n.name} ${n.start}:${n.end}` }, n.name);
          bar.style.left = (a * CELL) + 'px';
          if (a !== b) bar.style.width = ((b - a) * CELL - 2) + 'px';
          row.append(bar);
          next.push(...(n.children || []));
        }
        box.append(row);
        level = next;
      }
      for (const row of box.children) row.style.width = (c * CELL) + 'px';
      const list = el('details', {}, el('summary', {}, 'The tree as a list'), treeList(s, tree));
      return el('div', { class: 'tree-wrap' }, box, list);
    }

    function treeList(s, n) {
      const li = el('li', {}, n.name + ' ', el('code', {}, renderText(s.slice(n.start, n.end))));
      if (n.children && n.children.length) li.append(el('ul', {}, ...n.children.map((c) => treeList(s, c))));
      return el('ul', {}, li);
    }

    function renderDiagram(d) {
      const g = d.diagram;
      diagramRule = g.rule;
      setOptions($('diagram-rule'), d.rules.includes(g.rule) ? d.rules : [g.rule, ...d.rules], g.rule);
      const doc = new DOMParser().parseFromString(g.svg, 'image/svg+xml');
      const root = doc.documentElement;
      const box = $('diagram');
      if (root.nodeName !== 'svg' || doc.querySelector('parsererror')) {
        box.replaceChildren(el('p', { class: 'problem' }, 'The diagram could not be drawn.'));
        return;
      }
      box.replaceChildren(document.importNode(root, true));
      $('diagram-heading').textContent = 'Railroad diagram of ' + g.rule;
      $('diagram-abnf').textContent = g.abnf;
      $('diagram-back').disabled = visited.length === 0;
    }

    function showDiagram(name, remember) {
      if (remember && diagramRule && name !== diagramRule) visited.push(diagramRule);
      diagramRule = name;
      run();
    }

    $('diagram').addEventListener('click', (ev) => {
      const a = ev.target.closest('a[data-rule]');
      if (!a) return;
      ev.preventDefault();
      showDiagram(a.getAttribute('data-rule'), true);
    });
    $('diagram').addEventListener('keydown', (ev) => {
      const a = ev.target.closest && ev.target.closest('a[data-rule]');
      if (a && (ev.key === 'Enter' || ev.key === ' ')) {
        ev.preventDefault();
        showDiagram(a.getAttribute('data-rule'), true);
      }
    });
    $('diagram-rule').addEventListener('change', () => showDiagram($('diagram-rule').value, true));
    $('diagram-back').addEventListener('click', () => {
      if (visited.length) showDiagram(visited.pop(), false);
    });

    $('preset').addEventListener('change', () => {
      const p = presets.find((x) => x.id === $('preset').value);
      if (p) load(p, p.rule);
    });
    const later = debounce(run, 250);
    $('grammar').addEventListener('input', () => {
      const p = presets.find((x) => x.id === $('preset').value);
      if (p && p.text !== $('grammar').value) $('preset').value = '';
      syncMirror(null);
      later();
    });
    $('grammar').addEventListener('scroll', () => {
      $('grammar-mirror').scrollTop = $('grammar').scrollTop;
      $('grammar-mirror').scrollLeft = $('grammar').scrollLeft;
    });
    $('tests').addEventListener('input', later);
    $('rule').addEventListener('change', () => { diagramRule = ''; visited.length = 0; run(); });
    $('char-rules').addEventListener('change', run);

    $('generate').addEventListener('click', async () => {
      const box = $('generated');
      box.replaceChildren(el('p', { class: 'status' }, 'Drawing…'));
      const res = await engine.call('generate', {
        grammar: $('grammar').value, rule: $('rule').value, count: 8, seed: Math.floor(Math.random() * 1e6),
      });
      if (res.error || res.data.error || res.data.ruleError) {
        const msg = res.error || res.data.ruleError || 'the grammar does not compile';
        box.replaceChildren(el('p', { class: 'status error' }, msg));
        return;
      }
      const d = res.data;
      box.replaceChildren(el('div', { class: 'generated' },
        el('h3', {}, `Strings of ${d.rule}`), list(d.examples),
        el('h3', {}, 'Near misses (one edit away, refused)'), list(d.nearMisses),
        d.note ? el('p', { class: 'empty' }, d.note) : null));
    });

    function list(strings) {
      const ul = el('ul');
      for (const s of strings) {
        const add = el('button', { type: 'button', 'aria-label': 'Add to the test strings' }, '+');
        add.disabled = /[\r\n]/.test(s);
        add.addEventListener('click', () => {
          const t = $('tests');
          t.value = t.value.replace(/\n?$/, '\n') + s;
          if (t.value.startsWith('\n')) t.value = t.value.slice(1);
          run();
        });
        ul.append(el('li', {}, add, el('code', { class: 'text' }, renderText(s))));
      }
      return ul;
    }

    return { start };
  })();

  // ---- Start: the address's text, or an example.

  $('input').value = params.has('input') ? params.get('input') : 'https://user:pass@example.com:8080/p/a/t/h?query#fragment';
  $('base').value = params.get('base') || '';
  readings.update();
  if (params.get('tool') === 'abnf') selectTab($('tab-abnf'), false);
})();
