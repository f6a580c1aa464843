// Records what Node's JSON.parse returns or throws for a corpus of inputs,
// for the differential test of ParseJSON (json_decode_test.go).
// Run from anywhere with the reference node_modules on NODE_PATH:
//   node parsers/testdata/node/json_parse.js > parsers/testdata/json_parse.json
'use strict'

const fixed = ['', ' ', '{', '}', '[', ']', '{:', '{"user"', '{"user":', '{"user":"tobi"', '{"user":"tobi",',
  '{"user":"tobi",}', '[1,]', '[1 2]', '{"a" 1}', '{"a":1 "b":2}', 'tru', 'true', 'truex', 'nul', 'nulls', 'fals',
  'falsey', 'undefined', 'NaN', 'Infinity', '[object Object]', '-', '-a', '01', '1.', '1.e5', '1e', '1e+', '.5', '+1',
  '0x10', '1 2', '"abc', '"a\\x"', '"a\\u12"', '"a\\u12g4"', '"\t"', '"\n"', '"\u0001"', "'a'", '{a:1}', '{"a":1}}',
  '[1]]', '[1] x', '{"a":1} x', '{"a":1}\n\n x', 'a', '#', '@', '{"aaaaaaaaaaaaaaaaaaaaaaaa":1,}',
  '{"user":"tobi","pass":"secret",}', '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,x]', '                                   x',
  'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', '{"a":"论"x', '{"a":"😀"x', '{"a":"😀😀😀😀😀😀😀😀😀😀😀😀😀"x}',
  '[nul', '[tr', '[t', '[f]', '[n]', '[nan]', '{"a":tru}', '{"a":-}', '{"a":1.}', '{"a":1e}', '{"a":01}', '[-01]',
  '[1e5x]', '{"\\uD800":1}x', '\u00a0{}', '\ufeff{}', '{}\u2028', '[1,\n2,\nx]', '{,}', '[,]', '[,1]', '{"a",}', '{"a"}',
  '{"a":}', '{"a"::1}', '{1:1}', '{true:1}', '{"a":1,,"b":2}', '[1,,2]', '[1:2]', '{"a":[}', '{"a":{]}', '[{]', '"\\',
  '"\\u', '"abc\\"', '"\\"', '123abc', '1.5.5', '--1', '1e5e5', '[1e]', '[-]', '[-x]', '[.5]', '[0.]', '[0.x]', '[1ex]',
  '[1e-x]', 'Truex', 'True', 'null null', '{"a":"b"}{"c":"d"}', '{"a":"b\u0000"}', '["\u001f"]', '["\u007f"]', '["\\a"]',
  '["\\/"]', '["\\U0041"]', '{"\u0000":1}', '   ', '\t\r\n', 'x                               ', '[t1]', '[t"]', '[tr ue]',
  '[n-]', '{"a":t"}', '😀', '[😀]', 'x😀', '                    😀', '😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀x', '[1,2,3,4,5,6,7,8,9,😀]',
  '{"a":1,"b":[1,2,{"c":null}],"d":true,"e":false,"f":"\\u00e9\\ud83d\\ude00\\ud800\\udc00x\\udc00\\ud800"}',
  '{"__proto__":1,"constructor":2,"2":3,"1":4,"a":5,"1":6}', '[1e400,-1e400,1e-400,-0,0.1,123456789012345678901234567890]',
  '[0,1,-1,1023,1024,999999999999999,9999999999999999,-999999999999999,1.5,1e2,1E2,1e+2,1e-2,5e-324,2e308]',
  '"\\b\\f\\n\\r\\t\\"\\\\\\/"', '{"a":{"b":{"c":{"d":[[[[{}]]]]}}}}', '{"":1,"":2}', '{"a":1,"a":2,"b":3,"a":4}',
  '[]', '{}', '[[]]', '[{}]', ' [ ] ', ' { } ', '{"4294967294":1,"4294967295":2,"01":3,"0":4}', '"\\ud83d"', '"\\ude00\\ud83d"',
  '"\\ud83d\\ude00"', '"\\uD83D\\uDE00"', '"\\u0000"', '1', '-1', '"x"', 'null', 'false'
]

// A deterministic PRNG so the corpus is stable.
let seed = 12345
function rnd (n) { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n }

const docs = [
  '{"user":"tobi","age":3,"tags":["a","b"],"nested":{"x":1.5e3,"y":null,"z":[true,false]}}',
  '[1,-2,3.25,"str\\n\\u00e9",{"k":"v"},[],{}]',
  '{"a":"\\ud83d\\ude00","b":"论","c":"😀","d":"\\"q\\""}',
  '  {\n  "pretty": [ 1 , 2 ],\r\n\t"x" : {} }  '
]
const alphabet = '{}[]:,"\\ tfnrue0123456789-+.eEabx\u00e9论😀\t\n'
function mutate (s) {
  const chars = Array.from(s)
  const n = 1 + rnd(3)
  for (let i = 0; i < n; i++) {
    const p = rnd(chars.length + 1)
    switch (rnd(3)) {
      case 0: chars.splice(p, 1); break
      case 1: chars.splice(p, 0, Array.from(alphabet)[rnd(Array.from(alphabet).length)]); break
      case 2: chars.splice(p, chars.length); break
    }
  }
  return chars.join('')
}
const inputs = fixed.slice()
for (let i = 0; i < 1500; i++) inputs.push(mutate(docs[rnd(docs.length)]))

const out = inputs.map(s => {
  const rec = { in: Buffer.from(s).toString('base64') }
  try {
    rec.out = JSON.stringify(JSON.parse(s))
  } catch (e) {
    rec.msg = e.message
  }
  return rec
})
process.stdout.write(JSON.stringify(out, null, 0).replace(/\},\{/g, '},\n{') + '\n')
