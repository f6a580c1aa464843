// Records what Express 4.22.3 answers for routing scenarios beyond
// Express's own test suite (mounts, sub-apps, params, OPTIONS, URL
// rewriting, absolute-form targets), as testdata for
// fast/routing_diff_test.go, which builds the same apps in Go. Regenerate:
//
//   NODE_PATH=/work/ref/node_modules node routing_probe.js > routing.jsonl
//
// Each line is one request to one app: status, reason, the headers (Date,
// Connection, Keep-Alive and X-Powered-By left out) and the body. The
// JavaScript stack of a development error page is cut, as in
// finalhandler_probe.js ("stack" is true).
'use strict'
const express = require('express')
const net = require('net')

const apps = {}
apps.mounts = (express) => {
  const app = express();
  const tag = (t) => (req, res, next) => { res.append('x-trace', t + ':' + req.url + '|' + req.baseUrl + '|' + JSON.stringify(req.params)); next(); };
  // A: url rewrite inside a mount is re-prefixed
  app.use('/a', (req, res, next) => { req.url = '/x'; next(); });
  app.get('/a/x', (req, res) => res.send('A ' + req.url + ' ' + req.originalUrl));
  // C/D/E: sub-app
  const sub = express();
  sub.get('/who', (req, res) => res.send('sub ' + (req.app === sub) + ' ' + (res.app === sub) + ' ' + req.baseUrl));
  sub.get('/skip', (req, res, next) => next('router'));
  sub.get('/err', (req, res, next) => next(new Error('suberr')));
  app.use('/sub', sub);
  app.get('/sub/skip', (req, res) => res.send('parent after skip ' + (req.app === app) + ' ' + req.baseUrl));
  app.get('/sub/nothing', (req, res) => res.send('parent after 404 ' + (req.app === app)));
  app.use('/sub', (err, req, res, next) => res.status(500).send('parent caught ' + err.message + ' ' + (req.app === app) + ' ' + req.baseUrl));
  // F: next('route') in middleware
  app.use('/f', (req, res, next) => next('route'));
  app.use('/f', (req, res) => res.send('F continued'));
  // G: next('router') at the top
  app.get('/g', (req, res, next) => next('router'));
  app.get('/g', (req, res) => res.send('not reached'));
  // J: case-insensitive mount baseUrl
  app.use('/Jay', tag('j'), (req, res) => res.send('J ' + req.baseUrl + ' ' + req.url));
  // L: trailing slash mounts
  const r = express.Router();
  r.get('/', (req, res) => res.send('L ' + req.url + ' ' + req.baseUrl + ' ' + req.originalUrl));
  app.use('/l', r);
  // N: GET first then HEAD
  app.get('/n', (req, res) => { res.set('x-which', 'get'); res.send('n'); });
  app.head('/n', (req, res) => { res.set('x-which', 'head'); res.end(); });
  // O: OPTIONS across routes
  app.get('/o', (req, res) => res.send('o'));
  app.post('/o', (req, res) => res.send('o'));
  app.route('/o').patch((req, res) => res.send('o'));
  // Q/R: params
  app.param('pid', (req, res, next, v) => { if (v === 'route') return next('route'); if (v === 'err') return next(new Error('perr')); res.set('x-pid', v); next(); });
  app.use('/p/:pid', (req, res, next) => res.send('P use ' + req.params.pid + ' ' + req.url));
  app.use('/p', (req, res, next) => res.send('P fallthrough ' + JSON.stringify(req.params) + ' ' + req.url));
  app.get('/q/:pid', (req, res) => res.send('Q ' + req.params.pid));
  // S: params in nested mounts and in error handlers
  const s1 = express.Router({ mergeParams: true });
  s1.use('/:b', (req, res, next) => next(new Error('deep')));
  s1.use((err, req, res, next) => res.status(501).send('S ' + err.message + ' ' + JSON.stringify(req.params) + ' ' + req.baseUrl + ' ' + req.url));
  app.use('/s/:a', s1);
  // T: double slashes and dots after mount
  app.use('/t', (req, res) => res.send('T ' + req.url + ' ' + req.baseUrl));
  // U: route path with trailing slash, non-strict
  app.get('/u/', (req, res) => res.send('U'));
  // V: mount on a route path with dot
  app.use('/v', (req, res) => res.send('V ' + req.url + ' ' + req.baseUrl));
  app.use((req, res, next) => { res.set('x-last', req.url + '|' + req.baseUrl); next(); });
  return app;
}
apps.dispatch = (express) => {
  const app = express();
  const P = (req) => JSON.stringify(req.params);
  // regexp mount with captures, merged into a router
  const rr = express.Router({ mergeParams: true });
  rr.get('/:x', (req, res) => res.send('RR ' + P(req) + ' ' + req.baseUrl + ' ' + req.url));
  app.use(/^\/re(\d+)/, rr);
  // nested routers and OPTIONS
  const o1 = express.Router(); const o2 = express.Router();
  o2.get('/z', (req, res) => res.send('z'));
  o2.delete('/z', (req, res) => res.send('z'));
  o1.use('/y', o2);
  o1.put('/y/z', (req, res) => res.send('put'));
  app.use('/x', o1);
  app.post('/x/y/z', (req, res) => res.send('post'));
  // sub-app OPTIONS and param
  const sa = express();
  sa.param('id', (req, res, next, id) => { res.set('x-sa-param', id); next(); });
  sa.get('/item/:id', (req, res) => res.send('SA ' + req.params.id));
  sa.put('/item/:id', (req, res) => res.send('SA put'));
  app.use('/sa', sa);
  app.get('/sa/item/:id', (req, res) => res.send('parent ' + req.params.id + ' ' + (res.get('x-sa-param') || '-')));
  // strict and case-sensitive routers
  const st = express.Router({ strict: true, caseSensitive: true });
  st.get('/a/', (req, res) => res.send('ST a/'));
  st.get('/B', (req, res) => res.send('ST B'));
  app.use('/st', st);
  // array of paths and baseUrl
  app.use(['/arr1', '/arr2/:n'], (req, res) => res.send('ARR ' + req.baseUrl + ' ' + req.url + ' ' + P(req)));
  // route.all + HEAD; app.all + OPTIONS
  app.route('/ra').all((req, res, next) => { res.set('x-all', req.method); next(); }).get((req, res) => res.send('ra get'));
  app.all('/aa', (req, res) => res.send('aa ' + req.method));
  // throw in error handler, then caught
  app.get('/thr', (req, res, next) => next(new Error('one')));
  app.use('/thr', (err, req, res, next) => { throw new Error('two ' + err.message); });
  app.use('/thr', (err, req, res, next) => res.status(502).send('caught ' + err.message));
  // req.route
  app.get('/rt/:id?', (req, res) => res.send('RT ' + req.route.path + ' ' + Object.keys(req.route.methods).join(',')));
  // status preset then next() → 404
  app.get('/st404', (req, res, next) => { res.status(503); res.set('x-pre', '1'); next(); });
  // mergeParams with same name and numeric
  const mp = express.Router({ mergeParams: true });
  mp.get('/:id/(\\d+)', (req, res) => res.send('MP ' + P(req)));
  app.use('/mp/:id/(\\w+)', mp);
  // url with encoded slash in mount
  app.use('/enc%2Fx', (req, res) => res.send('ENC ' + req.url + ' ' + req.baseUrl));
  app.use('/dot', (req, res) => res.send('DOT ' + req.url + ' ' + req.baseUrl));
  return app;
}
apps.urls = (express) => {
  const app = express();
  const P = (req) => JSON.stringify(req.params);
  const b = express.Router();
  b.use('/c', (req, res, next) => { res.set('x-c', req.url + '|' + req.baseUrl + '|' + req.originalUrl); next(); });
  b.get('/c/d', (req, res) => res.send('B ' + req.url + ' ' + req.baseUrl + ' ' + req.originalUrl));
  app.use('/b', b);
  app.use('', (req, res, next) => { res.set('x-empty', req.url + '|' + req.baseUrl); next(); });
  const m1 = express.Router({ mergeParams: true }), m2 = express.Router({ mergeParams: true }), m3 = express.Router({ mergeParams: true });
  m3.get('/:c', (req, res) => res.send('M ' + P(req) + ' ' + req.baseUrl));
  m2.use('/:b', m3); m1.use('/:a', m2); app.use('/m/:z', m1);
  const nm = express.Router();
  nm.use('/:b', (req, res) => res.send('NM ' + P(req)));
  app.use('/nm/:a', nm);
  const sub = express();
  sub.use((req, res, next) => next('router'));
  sub.get('/x', (req, res) => res.send('sub x'));
  app.use('/sub', sub);
  app.get('/sub/x', (req, res) => res.send('parent x ' + req.baseUrl));
  app.get(/^\/rx\/(\d+)$/, (req, res, next) => next('route'), (req, res) => res.send('no'));
  app.get(/^\/rx\/(\d+)$/, (req, res) => res.send('RX ' + P(req)));
  const pr = express.Router();
  pr.param('v', (req, res, next, v) => next(new Error('param ' + v)));
  pr.get('/:v', (req, res) => res.send('no'));
  app.use('/pr', pr);
  app.use('/pr', (err, req, res, next) => res.status(500).send('PR ' + err.message + ' ' + req.baseUrl + ' ' + req.url));
  app.use('/q', (req, res) => res.send('Q ' + req.url + ' ' + req.path + ' ' + req.baseUrl));
  return app;
}

const requests = {
  mounts: [
  ['GET', '/a'], ['GET', '/a/y'], ['GET', '/sub/who'], ['GET', '/sub/skip'], ['GET', '/sub/nothing'], ['GET', '/sub/err'],
  ['GET', '/f'], ['GET', '/f/x'], ['GET', '/g'], ['GET', '/jay/x'], ['GET', '/JAY'], ['GET', '/l'], ['GET', '/l/'], ['GET', '/l?x=1'], ['GET', '/L/?x=1'],
  ['HEAD', '/n'], ['OPTIONS', '/o'], ['OPTIONS', '/o/'], ['GET', '/p/1/z'], ['GET', '/p/route/z'], ['GET', '/p/err/z'], ['GET', '/p/%zz/z'],
  ['GET', '/q/err'], ['GET', '/q/%zz'], ['GET', '/s/A/B'], ['GET', '/t//x'], ['GET', '/t/'], ['GET', '/t.json'], ['GET', '/tx'],
  ['GET', '/u'], ['GET', '/u/'], ['GET', '/u//'], ['GET', '/v.x/y'], ['GET', '/v?q=/v'], ['GET', '/nope?x'],
],
  dispatch: [
  ['GET', '/re42/abc'], ['GET', '/re42abc/x'], ['OPTIONS', '/x/y/z'], ['OPTIONS', '/x/y'], ['OPTIONS', '/sa/item/7'], ['GET', '/sa/item/7'], ['DELETE', '/sa/item/7'],
  ['GET', '/st/a/'], ['GET', '/st/a'], ['GET', '/st/b'], ['GET', '/st/B/'], ['GET', '/arr1/q'], ['GET', '/arr2/5/q?z'], ['GET', '/ARR2/5'],
  ['HEAD', '/ra'], ['OPTIONS', '/ra'], ['POST', '/ra'], ['OPTIONS', '/aa'], ['HEAD', '/aa'], ['GET', '/thr'], ['GET', '/rt'], ['GET', '/rt/5'],
  ['GET', '/st404'], ['GET', '/mp/1/ab/2/3'], ['GET', '/enc%2Fx/y'], ['GET', '/enc/x/y'], ['GET', '/dot.x'], ['GET', '/dot/.x'],
],
  urls: [
  ['GET', '/b/c/d?k=v'], ['GET', 'http://example.com/b/c/d?k=v'], ['GET', 'http://example.com'], ['GET', 'http://example.com?x=/b/c'], ['HEAD', '/b/c/none'],
  ['GET', '/m/Z/A/B/C'], ['GET', '/nm/A/B/C'], ['GET', '/sub/x'], ['GET', '/rx/12'], ['GET', '/pr/7'], ['GET', '/q/a%20b?c=d#frag'], ['GET', '/q#f'],
  ['GET', '/Q/'], ['GET', '/q//'], ['GET', '//q'], ['GET', '/b/c/d/'], ['GET', '/B/C/D'],
]
}

function fetch (port, method, target) {
  return new Promise((resolve) => {
    const c = net.connect(port, '127.0.0.1', () =>
      c.write(method + ' ' + target + ' HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n'))
    let d = ''
    c.on('data', (x) => { d += x.toString('latin1') })
    c.on('close', () => resolve(d))
  })
}

async function main () {
  console.error = () => {} // finalhandler's error log
  for (const name of Object.keys(apps)) {
    const app = apps[name](express)
    app.set('env', 'development')
    const server = app.listen(0)
    await new Promise((resolve) => server.on('listening', resolve))
    for (const [method, target] of requests[name]) {
      const raw = await fetch(server.address().port, method, target)
      const i = raw.indexOf('\r\n\r\n')
      const lines = raw.slice(0, i).split('\r\n')
      const m = /^HTTP\/1\.1 (\d+) ?(.*)$/.exec(lines[0])
      const headers = lines.slice(1)
        .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()])
        .filter(([k]) => !/^(date|connection|keep-alive|x-powered-by)$/i.test(k))
      let body = Buffer.from(raw.slice(i + 4), 'latin1').toString('utf8')
      const stack = /<br> &nbsp; &nbsp;at /.test(body)
      if (stack) body = body.replace(/<br> &nbsp; &nbsp;at [\s\S]*?<\/pre>/, '</pre>')
      console.log(JSON.stringify({ app: name, method, target, status: +m[1], reason: m[2], headers, body, stack }))
    }
    server.close()
  }
}

main()
