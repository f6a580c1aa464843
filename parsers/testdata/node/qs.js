// Records what qs 6.16 (qs.parse) and Node 20's querystring.parse return for
// a corpus of query strings under the option sets parsers uses, for
// qs_test.go and querystring_test.go. Run with NODE_PATH=/work/ref/node_modules:
//   node parsers/testdata/node/qs.js > parsers/testdata/qs.json
'use strict'
const qs = require('qs')
const querystring = require('querystring')

const configs = {
  query: { allowPrototypes: true, arrayLimit: 1000 }, // Express 4.22.3 req.query, extended
  body: { allowPrototypes: true, arrayLimit: 100, depth: 32, strictDepth: true, parameterLimit: 1000 },
  small: { allowPrototypes: true, arrayLimit: 3, depth: 2, parameterLimit: 6 },
  tiny: { allowPrototypes: true, arrayLimit: 0, depth: 1, strictDepth: true, parameterLimit: 1000 },
  flat: { allowPrototypes: true, arrayLimit: 20, depth: 0, parameterLimit: 1000 }
}

const fixed = ['', 'a', 'a=', '=a', '=', '&', '&&', 'a&', '&a', 'a=b', 'a=b&c=d', 'a=b&a=c', 'a=b&a=c&a=d', 'a=b=c',
  'a+b=c+d', 'a%20b=c%20d', 'a%2Bb=1', '%=1', 'a=%', 'a=%zz', 'a=%E2%98%83', 'a=%E2%98', 'a=%ff', '%ff=1', 'é=ü',
  'a=é%zz', '%41%42=é%zz', '%41=é%zz', 'a[b]=c', 'a[b][c]=d', 'a[]=b', 'a[]=b&a[]=c', 'a[0]=b&a[1]=c', 'a[1]=b&a[0]=c',
  'a[1]=b', 'a[0]=b&a[2]=c', 'a[]=b&a=c', 'a=c&a[]=b', 'a[b]=c&a=d', 'a=d&a[b]=c', 'a[b]=c&a[b]=d', 'a[b][]=c&a[b][]=d',
  'a[0][b]=c&a[0][d]=e&a[]=f', 'foo[0][bar]=baz&foo[]=done!', 'a[__proto__]=b', '__proto__=x', 'a[__proto__][b]=c',
  '__proto__[a]=b', 'a[__proto__]b&a[__proto__]&a[length]=100000000', 'toString=1', 'hasOwnProperty=x&a=1',
  'constructor[prototype][x]=1', 'a[999999999]=x', 'a[20]=x', 'a[19]=x', 'a[21]=x', 'a[1000]=x', 'a[999]=x',
  'a[-1]=x', 'a[01]=x', 'a[1.5]=x', 'a[ 1]=x', 'a[1e3]=x', 'a[9007199254740993]=x', 'a[9007199254740991]=x&a[]=y&a[]=z',
  'a[b]c=d', 'a[b=c]=d', 'a]=b', 'a[=b', 'a[[b]]=c', 'a[b[c]]=d', '[]=a', '[0]=a', '[a]=b', '[[]]=x', 'a[][b]=c',
  'a[][b]=c&a[][d]=e', 'a.b=c', 'a%5Bb%5D=c', 'a%5bb%5d=c', 'a%255Bb%255D=c', 'a=%5B%5D', 'a[b]=1&a=2&a=3',
  'a[1]=1&a[0]=0&a[3]=3', 'a[0]=1&a[0]=2', 'a[0][0]=1&a[0][1]=2', 'a[b][c][d][e][f][g][h]=1', 'a[b][c][d][e][f]=1',
  'a[b][c][d][e][f][g]=1', '0=a&1=b', '1=b&0=a&x=y', '2=b&10=c&1=a', 'a[2]=b&a[10]=c&a[1]=a', 'a[3]=x&a[]=y',
  'a=1&a=2&a=3&a=4&a=5', 'a[]=1&a[]=2&a[]=3&a[]=4&a[]=5', 'a[0]=1&a[5]=2', 'a[b]=1&a[]=2', 'a[]=2&a[b]=1',
  'a[x]=1&a[0]=2&a[]=3', 'a=1&a[x]=2&a[y]=3&a=4', 'a[x]=&a=b', 'a=&a[]=b', 'a[]=&a[]=', 'a[b]=&a[b][c]=d',
  'a[b][c]=x&a[b]=', 'a[b][c]=x&a[b]=y&a[b]=z', 'a[b]=x&a[b][c]=y&a[b][d]=z', 'x=1&x[]=2&x[]=3&x[a]=4&x=5',
  'user[name][first]=Tobi', 'user%5Bname%5D%5Bfirst%5D=Tobi', 'user.name=Tobi', 'f[0]=0&f[1]=1&f[2]=2&f[3]=3',
  'a[100]=x&a[b]=y&a=z', 'a=z&a[100]=x', 'a[5]=x&a=z', 'a[b][5]=x&a[b]=z', 'a[b]=z&a[b][5]=x', 'a[]=x&a[5]=y',
  'a[4]=x&a[]=y&a[]=z', 'a[]=1&a[]=2&a[]=3&a[]=4&a[1]=z']

let seed = 777
function rnd (n) { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n }
const keyParts = ['a', 'b', 'c', '0', '1', '2', '5', '99', '__proto__', '', 'x y', '%41', '%5B', '%5D', '+', 'é', '%zz', '[', ']']
const valParts = ['', 'v', '1', '%20', '+', '%', '%E2%98%83', 'é', '=', '%ff', '[x]']
function randomKey () {
  let k = keyParts[rnd(keyParts.length)]
  const n = rnd(4)
  for (let i = 0; i < n; i++) {
    const r = rnd(10)
    if (r < 4) k += '[' + keyParts[rnd(keyParts.length)] + ']'
    else if (r < 6) k += '[]'
    else if (r < 7) k += keyParts[rnd(keyParts.length)]
    else k += '[' + rnd(8) + ']'
  }
  return k
}
function randomQuery () {
  const n = 1 + rnd(8)
  const pairs = []
  for (let i = 0; i < n; i++) {
    const r = rnd(10)
    if (r === 0) pairs.push(randomKey())
    else if (r === 1) pairs.push('')
    else pairs.push(randomKey() + '=' + valParts[rnd(valParts.length)] + (rnd(3) ? '' : valParts[rnd(valParts.length)]))
  }
  return pairs.join('&')
}
const inputs = fixed.slice()
for (let i = 0; i < 3000; i++) inputs.push(randomQuery())
// repeated keys and indices around the limits
inputs.push(Array.from({ length: 25 }, (_, i) => 'a=' + i).join('&'))
inputs.push(Array.from({ length: 25 }, (_, i) => 'a[]=' + i).join('&'))
inputs.push(Array.from({ length: 25 }, (_, i) => 'a[' + i + ']=' + i).join('&'))
inputs.push(Array.from({ length: 1005 }, (_, i) => 'a=' + i).join('&'))
inputs.push(Array.from({ length: 1005 }, (_, i) => 'a[]=' + i).join('&'))
inputs.push(Array.from({ length: 1005 }, (_, i) => 'k' + i + '=' + i).join('&'))
inputs.push('a' + '[a]'.repeat(40) + '=x')
inputs.push('a' + '[a]'.repeat(32) + '=x')
inputs.push('a' + '[a]'.repeat(33) + '=x')

function run (fn) {
  try { return { out: JSON.stringify(fn()) } } catch (e) { return { err: e.constructor.name + ': ' + e.message } }
}
const out = []
for (const s of inputs) {
  const rec = { in: Buffer.from(s).toString('base64') }
  for (const [name, opts] of Object.entries(configs)) rec[name] = run(() => qs.parse(s, opts))
  rec.simple = run(() => querystring.parse(s))
  rec.simple3 = run(() => querystring.parse(s, undefined, undefined, { maxKeys: 3 }))
  out.push(rec)
}
process.stdout.write(JSON.stringify(out).replace(/\},\{"in"/g, '},\n{"in"') + '\n')
