// hyperroute view: plays recorded runs step by step. DATA, written inline by
// package view, holds the panels: each a network, its sends as quintuples
// (step, packet, from, to, priority), the queue lengths per step derived
// from them, and what the run's row says.
'use strict';
(() => {
  const NS = 'http://www.w3.org/2000/svg';
  // The Okabe–Ito palette of the figures (plots/style.go).
  const OI = { blue: '#0072b2', vermillion: '#d55e00', green: '#009e73', purple: '#cc79a7', orange: '#e69f00', sky: '#56b4e9', yellow: '#f0e442' };
  const $ = id => document.getElementById(id);

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function html(tag, text, parent) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  const popcount = v => { let c = 0; for (; v; v &= v - 1) c++; return c; };

  // ramp is colour i of k on the blue-to-yellow scale of plots.ramp.
  function ramp(i, k) {
    const stops = [[0x44, 0x01, 0x54], [0x21, 0x91, 0x8c], [0xfd, 0xe7, 0x25]];
    const t = k > 1 ? 0.9 * i / (k - 1) : 0, seg = Math.min(Math.floor(t * 2), 1), u = t * 2 - seg;
    const c = stops[seg].map((a, j) => Math.round(a + u * (stops[seg + 1][j] - a)));
    return `rgb(${c[0]},${c[1]},${c[2]})`;
  }

  // --- layouts: node positions in units, the links to draw, their bend ---

  // The cube: a projection in which every edge of dimension d is the same
  // vector (dimensions 1–3 a small cube, 4–6 copies of it side by side and
  // below, their edges bent so as to pass the nodes between), or columns
  // of the nodes by weight (number of ones).
  function cubeLayout(n, mode) {
    const P = 1 << n, pos = [], links = [];
    if (mode === 'weight') {
      const size = new Array(n + 1).fill(0), rank = new Array(n + 1).fill(0);
      for (let v = 0; v < P; v++) size[popcount(v)]++;
      for (let v = 0; v < P; v++) {
        const w = popcount(v);
        pos[v] = [w * 1.5, (rank[w]++ - (size[w] - 1) / 2) * 0.5];
      }
    } else {
      const off = [[1, 0], [0, 1], [0.45, 0.32], [2.1, 0], [0, 2.0], [4.2, 0]];
      for (let v = 0; v < P; v++) {
        let x = 0, y = 0;
        for (let d = 0; d < n; d++) if (v >> d & 1) { x += off[d][0]; y += off[d][1]; }
        pos[v] = [x, y];
      }
    }
    for (let v = 0; v < P; v++) for (let d = 0; d < n; d++) {
      const w = v ^ 1 << d;
      if (v < w) links.push([v, w, mode !== 'weight' && d >= 3 ? 0.2 : 0]);
    }
    const label = v => v.toString(2).padStart(n, '0');
    return { pos, links, r: n <= 4 ? 0.13 : 0.11, label, addr: n <= 4 };
  }

  // The wrapped butterfly BF_n: super-node v in column v, layer l in row
  // l − 1, and layer 1 once more below layer n for the edges that wrap.
  function butterflyLayout(n) {
    const P = n << n, pos = [], ghost = [], links = [];
    for (let id = 0; id < P; id++) {
      const l = id % n + 1, v = Math.floor(id / n);
      pos[id] = [v * 0.8, (l - 1) * 1.1];
      if (l === 1) ghost[id] = [v * 0.8, n * 1.1];
    }
    for (let id = 0; id < P; id++) {
      const l = id % n + 1, v = Math.floor(id / n), l2 = l % n + 1;
      links.push([id, v * n + l2 - 1, 0], [id, (v ^ 1 << (l - 1)) * n + l2 - 1, 0]);
    }
    const label = id => `(${id % n + 1}, ${Math.floor(id / n).toString(2).padStart(n, '0')})`;
    return { pos, ghost, links, r: 0.13, label, wrap: (a, b) => a % n === n - 1 && b % n === 0, directed: true };
  }

  function ringLayout(p) {
    const R = Math.max(1, 0.9 * p / (2 * Math.PI)), pos = [], links = [];
    for (let v = 0; v < p; v++) pos[v] = [R * Math.sin(2 * Math.PI * v / p), -R * Math.cos(2 * Math.PI * v / p)];
    for (let v = 0; v < p && p > 1; v++) if (p > 2 || v === 0) links.push([v, (v + 1) % p, 0]);
    return { pos, links, r: 0.15, label: String };
  }

  function gridLayout(p, torus) {
    const s = Math.round(Math.sqrt(p)), pos = [], links = [];
    for (let v = 0; v < p; v++) pos[v] = [v % s, Math.floor(v / s)];
    for (let v = 0; v < p; v++) {
      const r = Math.floor(v / s), c = v % s;
      if (c + 1 < s) links.push([v, v + 1, 0]);
      if (r + 1 < s) links.push([v, v + s, 0]);
      if (torus && s > 2) links.push([r * s, r * s + s - 1, 0.2], [c, (s - 1) * s + c, 0.2]);
    }
    return { pos, links, r: 0.16, label: String };
  }

  function layout(net, mode) {
    switch (net.kind) {
      case 'cube': return cubeLayout(net.n, mode);
      case 'butterfly': return butterflyLayout(net.n);
      case 'ring': return ringLayout(net.p);
      case 'mesh': return gridLayout(net.p, false);
      case 'torus': return gridLayout(net.p, true);
    }
    throw new Error('unknown network ' + net.kind);
  }

  // --- a panel: one run --------------------------------------------------

  class Panel {
    constructor(d, i) {
      this.d = d;
      this.i = i;
      this.byStep = Array.from({ length: d.T }, () => []);
      this.hops = new Map(); // packet → its sends in order: [t, from, to, prio]
      const s = d.sends;
      for (let k = 0; k < s.length; k += 5) {
        const h = [s[k], s[k + 2], s[k + 3], s[k + 4], s[k + 1]];
        if (h[0] < d.T) this.byStep[h[0]].push(h);
        if (!this.hops.has(h[4])) this.hops.set(h[4], []);
        this.hops.get(h[4]).push(h);
      }
      this.failed = new Set((d.failed || []).map(([a, b]) => a + '>' + b));
      this.row = Object.fromEntries(d.row.map(([k, v]) => [k, JSON.parse(v)])); // for T1; shown as text
      this.root = html('section', undefined, $('panels'));
      this.root.className = 'panel';
      this.root.id = 'panel' + i;
      const h = html('h2', d.title, this.root);
      this.status = html('span', '', h);
      this.status.className = 'status';
      this.status.dataset.t = d.T; // data-t
      this.svg = el('svg', { role: 'img', 'aria-label': d.title }, this.root);
      this.build();
    }

    // build draws the network in the current layout.
    build() {
      const d = this.d;
      this.L = layout(d.net, state.layout);
      const { pos, ghost, links, r } = this.L;
      const all = pos.concat((ghost || []).filter(Boolean));
      const xs = all.map(p => p[0]), ys = all.map(p => p[1]), m = 0.36;
      const x0 = Math.min(...xs) - m - (d.net.kind === 'butterfly' ? 1.1 : 0), y0 = Math.min(...ys) - m;
      this.svg.setAttribute('viewBox', `${x0} ${y0} ${Math.max(...xs) - x0 + m} ${Math.max(...ys) - y0 + m}`);
      this.svg.textContent = '';
      const defs = el('defs', {}, this.svg);
      const mk = el('marker', { id: `arrow${this.i}`, viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 3, markerHeight: 3, orient: 'auto-start-reverse' }, defs);
      el('path', { d: 'M0,0 L10,5 L0,10 z', fill: OI.vermillion }, mk);
      const g = name => el('g', { class: name }, this.svg);
      const edges = g('edges'), failed = g('failedges'), det = g('detours');
      this.gRoute = g('routes');
      this.gDelay = g('delays');
      const nodes = g('nodes');
      this.gPkt = g('packets');
      const w = r / 6;
      for (const [a, b, bend] of links) {
        el('path', { class: 'edge', d: this.curve(a, b, 0, bend), 'stroke-width': w / 1.5 }, edges);
      }
      for (const [a, b] of d.failed || []) {
        for (const [u, v] of this.cubeLinks(a, b)) {
          el('path', { class: 'failed', d: this.curve(u, v, 1, undefined, r), 'stroke-width': w * 1.6, 'marker-end': `url(#arrow${this.i})` }, failed);
        }
      }
      for (const nodesOf of d.detours || []) {
        for (let k = 0; k < 3; k++) {
          for (const [u, v] of this.cubeLinks(nodesOf[k], nodesOf[k + 1])) {
            el('path', { class: 'detour', d: this.curve(u, v, 1), 'stroke-width': w }, det);
          }
        }
      }
      this.nodes = [];
      for (let v = 0; v < pos.length; v++) {
        const ng = el('g', { class: 'node', 'data-v': v, transform: `translate(${pos[v][0]},${pos[v][1]})` }, nodes);
        el('title', {}, ng).textContent = 'node ' + this.L.label(v);
        el('circle', { r, 'stroke-width': w / 1.5 }, ng);
        const q = el('text', { class: 'q', 'font-size': r * 1.05 }, ng);
        if (this.L.addr) el('text', { class: 'addr', x: -r * 0.9, y: -r * 1.6, 'font-size': r * 0.7 }, ng).textContent = this.L.label(v);
        else if (!d.queues && d.net.kind !== 'butterfly') el('text', { class: 'addr', 'font-size': r * 0.9 }, ng).textContent = this.L.label(v);
        ng.addEventListener('click', () => select({ panel: this.i, node: v }));
        this.nodes.push({ g: ng, q });
      }
      if (d.net.kind === 'butterfly') {
        const n = d.net.n;
        for (let l = 0; l <= n; l++) {
          const y = pos[l % n][1] + (l === n ? n * 1.1 : 0);
          el('text', { class: 'axis', x: -0.55, y, 'font-size': r, 'text-anchor': 'end', 'dominant-baseline': 'central' }, nodes).textContent = `layer ${l % n + 1}`;
        }
        for (let v = 0; v < 1 << n; v++) {
          el('text', { class: 'axis', x: pos[v * n][0], y: -r * 2.2, 'font-size': r * 0.9, 'text-anchor': 'middle' }, nodes).textContent = v.toString(2).padStart(n, '0');
        }
      }
      if (ghost) {
        ghost.forEach((p, v) => {
          if (!p) return;
          const ng = el('g', { class: 'node ghost', transform: `translate(${p[0]},${p[1]})` }, nodes);
          el('title', {}, ng).textContent = 'node ' + this.L.label(v) + ' again (the edges out of layer n wrap)';
          el('circle', { r: r * 0.7, 'stroke-width': w / 1.5, 'stroke-dasharray': `${w} ${w}` }, ng);
        });
      }
      this.pkts = [];
      this.shownStep = -1;
    }

    // cubeLinks maps a cube link a → b to the links of the drawn network
    // that cross it: itself, or in the butterfly the cross edges of the
    // layer of its dimension.
    cubeLinks(a, b) {
      const net = this.d.net;
      if (net.kind !== 'butterfly') return [[a, b]];
      const n = net.n, l = Math.log2(a ^ b) + 1;
      return [[a * n + l - 1, b * n + l % n]];
    }

    // end is the position a send from a arrives at: b's, or its copy
    // below the last layer where the butterfly wraps.
    end(a, b) {
      const L = this.L;
      return L.wrap && L.wrap(a, b) ? L.ghost[b] : L.pos[b];
    }

    // geometry returns the quadratic curve of a send a → b, offset by
    // lane to the left of its direction: start, control point, end.
    geometry(a, b, lane, bend) {
      const p = this.L.pos[a], q = this.end(a, b);
      const dx = q[0] - p[0], dy = q[1] - p[1], len = Math.hypot(dx, dy) || 1;
      const off = lane * this.L.r * 0.4;
      const nx = -dy / len * off, ny = dx / len * off;
      // Both directions of a link bend the same way: up, or to the right.
      const s = a < b || this.L.directed ? 1 : -1;
      const bx = dy * (bend || 0) * s, by = -dx * (bend || 0) * s;
      return [[p[0] + nx, p[1] + ny], [(p[0] + q[0]) / 2 + nx + bx, (p[1] + q[1]) / 2 + ny + by], [q[0] + nx, q[1] + ny]];
    }

    bendOf(a, b) {
      const link = this.L.links.find(([u, v]) => u === a && v === b || u === b && v === a);
      return link ? link[2] : 0;
    }

    // curve is the path of a send a → b, ending short of b by trim.
    curve(a, b, lane, bend, trim) {
      if (a === b) return '';
      let [p, c, q] = this.geometry(a, b, lane, bend === undefined ? this.bendOf(a, b) : bend);
      if (trim) {
        const dx = q[0] - c[0], dy = q[1] - c[1], len = Math.hypot(dx, dy) || 1;
        q = [q[0] - dx / len * trim, q[1] - dy / len * trim];
      }
      return `M${p[0]},${p[1]} Q${c[0]},${c[1]} ${q[0]},${q[1]}`;
    }

    colour(prio) {
      const d = this.d;
      if (state.colour === 'prio') return ramp(prio, Math.max(d.prios, 2));
      if (prio === 0 && d.phases > 0 && d.net.kind !== 'butterfly') return OI.green; // a delivery
      return d.phases > 0 && prio > d.phases ? OI.orange : OI.blue;
    }

    // draw shows step t, the packets fraction f of the way along their
    // links.
    draw(gt, gf) {
      const d = this.d, s = d.stretch || 1, tau = (gt + gf) / s, t = Math.floor(tau), f = tau - t;
      const sends = t < d.T ? this.byStep[t] : [];
      if (this.shownStep !== t || this.shownColour !== state.colour) {
        this.gPkt.textContent = '';
        this.geo = sends.map(h => h[1] === h[2] ? null : this.geometry(h[1], h[2], 1, this.bendOf(h[1], h[2])));
        this.pkts = sends.map(h => {
          const c = el('circle', { class: 'pkt', r: this.L.r * 0.55, fill: this.colour(h[3]), 'stroke-width': this.L.r / 12,
            'data-packet': h[4], 'data-from': h[1], 'data-to': h[2], 'data-prio': h[3], 'data-t': h[0] }, this.gPkt);
          el('title', {}, c).textContent = `packet ${h[4]}: ${this.L.label(h[1])} → ${this.L.label(h[2])}, priority ${h[3]}`;
          c.addEventListener('click', ev => { ev.stopPropagation(); select({ panel: this.i, packet: h[4] }); });
          if (state.sel && state.sel.panel === this.i && state.sel.packet === h[4]) c.classList.add('selected');
          return c;
        });
        const q = d.queues ? d.queues[Math.min(t, d.T)] : null;
        this.nodes.forEach((nd, v) => {
          const k = q ? q[v] : 0;
          nd.g.dataset.q = q ? k : '';
          nd.q.textContent = k > 0 ? k : '';
          nd.g.classList.toggle('busy', k > 0);
        });
        this.shownStep = t;
        this.shownColour = state.colour;
        let st = `T = ${d.T}`;
        if (s > 1) st += ` steps of ${s} sub-steps each`;
        if (d.substeps > 1) st += ` · sub-step ${t % d.substeps} of d = ${d.substeps}`;
        st += t >= d.T ? ' · done' : ` · ${sends.length} sent in step ${t}`;
        if (state.delay && d.delay) st += ` · delay sequence: Σ f(p_i, v_i) = ${d.delay.sumF} ≥ T`;
        this.status.textContent = st;
      }
      const u = 1 - f;
      this.pkts.forEach((c, k) => {
        const g = this.geo[k];
        let x, y;
        if (g) {
          x = u * u * g[0][0] + 2 * u * f * g[1][0] + f * f * g[2][0];
          y = u * u * g[0][1] + 2 * u * f * g[1][1] + f * f * g[2][1];
        } else { // a send to itself: once round the node
          const p = this.L.pos[sends[k][1]], r = this.L.r * 1.2;
          x = p[0] + r * Math.cos(2 * Math.PI * f);
          y = p[1] + r * Math.sin(2 * Math.PI * f);
        }
        c.setAttribute('cx', x);
        c.setAttribute('cy', y);
      });
    }

    // start is the time packet pk starts to wait at its first node, if
    // the trace says (the panel has queues).
    start(pk) {
      const d = this.d;
      if (!d.queues) return undefined;
      if (d.net.kind === 'butterfly' && pk >= d.net.p) return this.row.T1 || 0;
      return 0;
    }

    // waiting lists the packets at node v at time t, ready to be sent.
    waiting(v, t) {
      const out = [];
      for (const [pk, hs] of this.hops) {
        const k = hs.findIndex(h => h[0] >= t);
        if (k < 0 || hs[k][1] !== v) continue;
        const since = k > 0 ? hs[k - 1][0] + 1 : this.start(pk);
        if (since === undefined ? hs[k][0] === t : since <= t) out.push([pk, hs[k][3], since]);
      }
      return out.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    }

    lost(h) {
      return this.failed.size > 0 && !(this.d.detours || []).length && this.failed.has(this.cubeEdge(h[1], h[2]));
    }

    cubeEdge(a, b) {
      if (this.d.net.kind !== 'butterfly') return a + '>' + b;
      const n = this.d.net.n;
      return Math.floor(a / n) + '>' + Math.floor(b / n);
    }

    // drawRoute marks the route of packet pk and the nodes it waited at.
    drawRoute(pk) {
      this.gRoute.textContent = '';
      const hs = this.hops.get(pk);
      if (!hs) return;
      const r = this.L.r;
      for (const [q, colour] of this.family(pk)) {
        for (const h of this.hops.get(q) || []) {
          if (h[1] !== h[2]) el('path', { class: 'route', d: this.curve(h[1], h[2], 1), 'stroke-width': r / (q === pk ? 2 : 3.5), style: `stroke: ${colour}` }, this.gRoute);
        }
      }
      for (const [v, k] of this.waits(pk)) {
        const p = this.L.pos[v];
        el('text', { class: 'wait', x: p[0] + r * 1.6, y: p[1] + r * 1.9, 'font-size': r }, this.gRoute).textContent = `waits ${k}`;
      }
    }

    // family lists the packets whose routes show with packet pk's and
    // their colours: in the butterfly the n copies of its message in its
    // phase, coloured by copy; else pk alone.
    family(pk) {
      const pks = this.d.packets, P = this.d.net.p;
      if (this.d.net.kind !== 'butterfly' || !pks || pk >= pks.msg.length) return [[pk, '#000']];
      const cols = [OI.blue, OI.vermillion, OI.green, OI.purple, OI.orange, OI.sky];
      const out = [];
      pks.msg.forEach((m, q) => { if (m === pks.msg[pk] && q >= P === pk >= P) out.push([q, cols[(pks.copy[q] - 1) % cols.length]]); });
      return out;
    }

    // waits lists the nodes packet pk waited at and how long, beyond the
    // step it could have left in.
    waits(pk) {
      const hs = this.hops.get(pk) || [], out = [];
      hs.forEach((h, k) => {
        const since = k > 0 ? hs[k - 1][0] + 1 : this.start(pk);
        if (since !== undefined && h[0] > since) out.push([h[1], h[0] - since, since, h[0] - 1]);
      });
      return out;
    }

    drawDelay(on) {
      this.gDelay.textContent = '';
      const ds = this.d.delay;
      if (!on || !ds) return;
      const r = this.L.r, labels = new Map();
      const pts = ds.seq.map(([v]) => this.L.pos[v]);
      el('polyline', { class: 'dseq', points: pts.map(p => p.join(',')).join(' '), 'stroke-width': r / 2.5, 'stroke-opacity': 0.8 }, this.gDelay);
      for (const [v, p] of ds.seq) labels.set(v, (labels.has(v) ? labels.get(v) + ',' : 'p=') + p);
      for (const [v, text] of labels) {
        const q = this.L.pos[v];
        el('circle', { class: 'dseq-node', cx: q[0], cy: q[1], r: r * 1.45, 'stroke-width': r / 3 }, this.gDelay);
        el('text', { class: 'dseq-label', x: q[0] - r * 1.6, y: q[1] + r * 2.4, 'font-size': r * 0.95 }, this.gDelay).textContent = text;
      }
    }
  }

  // --- state, controls, keyboard -----------------------------------------

  const state = { t: 0, frac: 0.5, playing: false, speed: 2, colour: 'phase', layout: 'projection', delay: false, sel: null };
  const panels = DATA.panels.map((d, i) => new Panel(d, i));
  const tmax = Math.max(0, ...DATA.panels.map(d => d.T * (d.stretch || 1)));
  const slider = $('slider'), counter = $('counter'), play = $('play');
  slider.max = tmax;

  let shown = -1; // the step the counter and the side bar show
  function render() {
    if (shown !== state.t) {
      slider.value = state.t;
      counter.textContent = `t = ${state.t} / ${tmax}`;
      counter.dataset.t = state.t;
      if (state.sel) showSelection();
      shown = state.t;
    }
    for (const p of panels) p.draw(state.t, state.frac);
  }

  function go(t) {
    state.t = Math.max(0, Math.min(tmax, t));
    state.frac = 0.5;
    render();
  }

  let lastFrame = 0, raf = 0;
  function frame(now) {
    raf = 0;
    if (!state.playing) return;
    const dt = Math.min(0.25, (now - lastFrame) / 1000);
    lastFrame = now;
    state.frac += dt * state.speed;
    while (state.frac >= 1 && state.playing) {
      if (state.t >= tmax - 1) {
        state.t = tmax;
        state.frac = 0.5;
        setPlaying(false);
      } else {
        state.t++;
        state.frac -= 1;
      }
    }
    render();
    if (state.playing) raf = requestAnimationFrame(frame);
  }

  function setPlaying(on) {
    if (on && state.t >= tmax) state.t = 0;
    state.playing = on;
    play.textContent = on ? 'pause' : 'play';
    play.setAttribute('aria-label', on ? 'pause' : 'play');
    if (on && !raf) {
      lastFrame = performance.now();
      raf = requestAnimationFrame(frame);
    }
  }

  const click = (id, fn) => $(id).addEventListener('click', e => { fn(); e.currentTarget.blur(); });
  click('play', () => setPlaying(!state.playing));
  click('first', () => { setPlaying(false); go(0); });
  click('last', () => { setPlaying(false); go(tmax); });
  click('back', () => { setPlaying(false); go(state.t - 1); });
  click('fwd', () => { setPlaying(false); go(state.t + 1); });
  slider.addEventListener('input', () => { setPlaying(false); go(+slider.value); });
  $('speed').addEventListener('change', e => { state.speed = +e.target.value; });
  $('colour').addEventListener('change', e => { state.colour = e.target.value; legend(); render(); });
  $('layout').addEventListener('change', e => {
    state.layout = e.target.value;
    for (const p of panels) p.build();
    redraw();
  });
  $('delay').addEventListener('change', e => { state.delay = e.target.checked; redraw(); });

  document.addEventListener('keydown', e => {
    const tag = e.target.tagName;
    if (tag === 'SELECT' || tag === 'INPUT' && e.target.type !== 'checkbox' && e.key !== ' ') return;
    switch (e.key) {
      case ' ': setPlaying(!state.playing); break;
      case 'ArrowRight': setPlaying(false); go(state.t + 1); break;
      case 'ArrowLeft': setPlaying(false); go(state.t - 1); break;
      case 'Home': setPlaying(false); go(0); break;
      case 'End': setPlaying(false); go(tmax); break;
      default: return;
    }
    e.preventDefault();
  });
  document.addEventListener('keyup', e => { if (e.key === ' ') e.preventDefault(); });

  // --- what the side bar says -------------------------------------------

  function select(sel) {
    state.sel = sel;
    redraw();
  }

  function redraw() {
    shown = -1;
    for (const p of panels) {
      p.shownStep = -1;
      p.drawDelay(state.delay);
      const s = state.sel;
      p.drawRoute(s && s.panel === p.i && s.packet !== undefined ? s.packet : -1);
      p.nodes.forEach((nd, v) => nd.g.classList.toggle('selected', !!s && s.panel === p.i && s.node === v));
    }
    render();
  }

  function showSelection() {
    const box = $('selection'), s = state.sel, p = panels[s.panel], d = p.d, lab = p.L.label;
    box.textContent = '';
    if (s.packet !== undefined) {
      html('h3', `Packet ${s.packet}` + (panels.length > 1 ? ` (panel ${s.panel + 1})` : ''), box);
      const pk = d.packets, k = s.packet;
      if (pk && d.net.kind === 'butterfly' && k < pk.src.length) {
        const phase = k >= d.net.p ? 2 : 1, n = d.net.n;
        const sn = v => v.toString(2).padStart(n, '0');
        html('p', `Message ${sn(pk.msg[k])}, copy ${pk.copy[k]}, phase ${phase}: from ${lab(pk.src[k])} to super-node ` +
          (phase === 1 ? `${sn(pk.via[k])} (the intermediate)` : `${sn(pk.dst[k])} (the destination)`) +
          `; the message goes ${sn(pk.msg[k])} → ${sn(pk.via[k])} → ${sn(pk.dst[k])} as ${n} copies on ${n} disjoint paths, each phase's drawn in a colour per copy:`, box);
        const ul = html('ul', undefined, box), other = k >= d.net.p ? k - d.net.p : k + d.net.p;
        for (const [q, colour] of [...p.family(k), ...p.family(other).map(([q]) => [q, '#555'])]) {
          const li = html('li', `copy ${pk.copy[q]}, phase ${q >= d.net.p ? 2 : 1}: ` + [pk.src[q], ...(p.hops.get(q) || []).map(h => h[2])].map(lab).join(' → '), ul);
          li.style.color = colour;
          if (q === k) li.style.fontWeight = 600;
        }
      } else if (pk && k < pk.src.length) {
        const via = pk.via && pk.via.length ? ` → intermediate ${lab(pk.via[k])}` : '';
        html('p', `Source ${lab(pk.src[k])}${via} → destination ${lab(pk.dst[k])}.`, box);
      }
      const hs = p.hops.get(k) || [];
      const list = html('ol', undefined, box);
      list.start = 0;
      for (const h of hs) {
        const li = html('li', `step ${h[0]}: ${lab(h[1])} → ${lab(h[2])}, priority ${h[3]}` + (p.lost(h) ? ' — lost on a failed edge' : ''), list);
        if (h[0] === state.t) li.style.fontWeight = 600;
      }
      const w = p.waits(k);
      html('p', w.length ? 'Waited: ' + w.map(([v, n, a, b]) => `${n} step${n > 1 ? 's' : ''} at ${lab(v)} (t = ${a}${b > a ? '…' + b : ''})`).join('; ') + '.'
        : hs.length ? 'Never waited.' : 'It needs no hop.', box);
      if (hs.length) {
        const last = hs[hs.length - 1];
        if (!p.lost(last)) html('p', `Arrives at time ${last[0] + 1}.`, box);
      }
    } else {
      const v = s.node;
      html('h3', `Node ${lab(v)}` + (d.net.kind === 'cube' ? ` (${v})` : '') + ` at t = ${state.t}`, box);
      const wt = p.waiting(v, state.t);
      html('p', d.queues ? `Queue: ${d.queues[Math.min(state.t, d.T)][v]} packet(s) waiting.` : 'Packets leaving now:', box);
      if (wt.length) html('p', wt.map(([pk, pr]) => `packet ${pk} (priority ${pr})`).join(', '), box);
      if (d.loads) {
        html('p', 'f(p, v), the packets it sends with priority p over the run:', box);
        const tb = html('table', undefined, box), r1 = html('tr', undefined, tb), r2 = html('tr', undefined, tb);
        html('td', 'p', r1);
        html('td', 'f', r2);
        let sum = 0;
        d.loads.forEach((f, pr) => { if (pr === 0 && !f.some(x => x)) return; html('td', pr, r1); html('td', f[v], r2); sum += f[v]; });
        html('p', `Σ_p f(p, v) = ${sum}.`, box);
      }
    }
  }

  function legend() {
    const box = $('legend');
    box.textContent = '';
    html('h3', 'Legend', box);
    const item = (cls, colour, text) => {
      const p = html('div', undefined, box), s = html('span', undefined, p);
      s.className = cls;
      s.style[cls === 'line' ? 'borderColor' : 'background'] = colour;
      if (cls === 'line' && colour === OI.purple) s.style.borderTopStyle = 'dotted';
      if (cls === 'line' && colour === OI.vermillion) s.style.borderTopStyle = 'dashed';
      p.appendChild(document.createTextNode(text));
    };
    const d0 = DATA.panels[0];
    if (state.colour === 'prio') {
      const k = Math.max(...DATA.panels.map(d => d.prios));
      item('swatch', ramp(0, k), 'priority 0');
      item('swatch', ramp(k - 1, k), `priority ${k - 1}`);
    } else if (DATA.panels.some(d => d.phases > 0)) {
      item('swatch', OI.blue, d0.net.kind === 'butterfly' ? `phase 1 (hops 0 … ${d0.phases})` : 'phase 1');
      item('swatch', OI.orange, 'phase 2');
      if (DATA.panels.some(d => d.phases > 0 && d.net.kind !== 'butterfly' && d.substeps)) item('swatch', OI.green, 'delivery (priority 0)');
    } else {
      item('swatch', OI.blue, 'a packet, moving over its link in this step');
    }
    if (DATA.panels.some(d => d.failed)) item('line', OI.vermillion, 'failed edge (directed)');
    if (DATA.panels.some(d => d.detours)) item('line', OI.purple, 'detour of a failed edge');
    if (DATA.panels.some(d => d.queues)) html('div', 'Numbers in nodes: packets waiting there at time t.', box);
    if (DATA.panels.some(d => d.delay)) item('line', OI.green, 'critical delay sequence (Lemma I.1)');
  }

  function about() {
    const box = $('about');
    for (const p of panels) {
      const d = p.d;
      html('h3', (panels.length > 1 ? `Panel ${p.i + 1}: ` : '') + d.title, box);
      for (const n of d.notes || []) html('p', n, box);
      if (d.delay) {
        const f = d.delay.seq.map(([v, pr]) => d.loads[pr][v]);
        html('p', `Critical delay sequence D = (${d.delay.seq.map(([v, pr, t]) => `(${p.L.label(v)}, ${pr}, t=${t})`).join(', ')}): ` +
          `Σ f(p_i, v_i) = ${f.join(' + ')} = ${d.delay.sumF} ≥ T = ${d.T} (Lemma I.1).`, box);
      }
      const tb = html('table', undefined, box);
      for (const [k, v] of d.row) {
        if (v === 'null' || v === '""') continue;
        const tr = html('tr', undefined, tb);
        html('td', k, tr);
        html('td', v.replace(/^"|"$/g, ''), tr);
      }
    }
  }

  $('title').textContent = DATA.title;
  $('command').textContent = DATA.command;
  if (panels.some(p => p.d.net.kind === 'cube')) $('layoutbox').hidden = false;
  if (panels.some(p => p.d.delay)) $('delaybox').hidden = false;
  const hint = $('selection').innerHTML;
  document.body.addEventListener('click', e => { // a click beside the drawing clears the selection
    if (state.sel && !e.target.closest('.pkt, .node, aside, header')) {
      state.sel = null;
      $('selection').innerHTML = hint;
      redraw();
    }
  });
  window.hyperrouteView = { state, render, panels }; // for the console and the browser tests
  legend();
  about();
  const at = /(?:^#|&)t=(\d+)/.exec(location.hash); // a link to a step: page.html#t=3
  if (at) state.t = Math.min(tmax, +at[1]);
  const pk = /(?:^#|&)packet=(\d+)/.exec(location.hash); // page.html#t=3&packet=5 shows packet 5's route
  if (/(?:^#|&)delay(?:&|$)/.test(location.hash) && panels.some(p => p.d.delay)) $('delay').checked = state.delay = true;
  if (pk) select({ panel: 0, packet: +pk[1] });
  else if (state.delay) redraw();
  render();
})();
