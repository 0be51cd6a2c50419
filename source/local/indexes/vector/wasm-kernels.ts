/**
 * The ranking kernels of the vector store as a tiny WebAssembly module using 128-bit SIMD
 * (four float32 lanes), where the plain-JS loop pays a float32-to-float64 conversion and a
 * bounds check on every element; bench/README.md says what it buys. Node >= 20 always has
 * wasm SIMD.
 *
 * The module is assembled below from named instructions (no toolchain, nothing downloaded,
 * nothing evaluated). It imports its memory, where the store keeps its slab, and exports:
 *
 *   dots(q, base, stride, count, out)    out[v] = q . vec[v]         for v < count
 *   sqdists(q, base, stride, count, out) out[v] = |q - vec[v]|^2
 *
 * All arguments are byte addresses/sizes in that memory: `q` the query, `base` the first
 * vector, `stride` the bytes per vector (a multiple of 16: vectors are zero-padded to a
 * multiple of four floats, which changes neither result), `out` a float32 per vector.
 * Sums are float32; the store re-scores its k results in float64.
 */

/** Unsigned LEB128, the integer encoding of wasm. */
function uleb(value: number): number[] {
	const out: number[] = [];
	let n = value >>> 0;
	do {
		let byte = n & 0x7f;
		n >>>= 7;
		if (n !== 0) byte |= 0x80;
		out.push(byte);
	} while (n !== 0);
	return out;
}

/** Signed LEB128 (for i32.const). */
function sleb(value: number): number[] {
	const out: number[] = [];
	let n = value | 0;
	for (;;) {
		const byte = n & 0x7f;
		n >>= 7;
		if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) {
			out.push(byte);
			return out;
		}
		out.push(byte | 0x80);
	}
}

const vector = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const name = (text: string): number[] => vector([...text].map((c) => [c.charCodeAt(0)]));
const section = (id: number, bytes: number[]): number[] => [id, ...uleb(bytes.length), ...bytes];

const i32 = 0x7f;
const v128 = 0x7b;

// Instructions (opcodes from the WebAssembly core and SIMD specifications).
const localGet = (i: number) => [0x20, ...uleb(i)];
const localSet = (i: number) => [0x21, ...uleb(i)];
const localTee = (i: number) => [0x22, ...uleb(i)];
const i32Const = (n: number) => [0x41, ...sleb(n)];
const i32Add = [0x6a];
const i32Mul = [0x6c];
const i32LtU = [0x49];
const i32Eqz = [0x45];
const f32Add = [0x92];
/** f32.store with alignment 2^2 and offset 0. */
const f32Store = [0x38, 2, 0];
const simd = (op: number, ...immediates: number[]) => [0xfd, ...uleb(op), ...immediates];
/** v128.load with alignment 2^4 and offset 0. */
const v128Load = simd(0x00, 4, 0);
const v128Zero = simd(0x0c, ...new Array<number>(16).fill(0));
const f32x4Add = simd(0xe4);
const f32x4Sub = simd(0xe5);
const f32x4Mul = simd(0xe6);
const f32x4Lane = (lane: number) => simd(0x1f, lane);
const block = (...body: number[][]) => [0x02, 0x40, ...body.flat(), 0x0b];
const loop = (...body: number[][]) => [0x03, 0x40, ...body.flat(), 0x0b];
const brIf = (depth: number) => [0x0d, ...uleb(depth)];

// Parameters and locals of both functions.
const Q = 0;
const BASE = 1;
const STRIDE = 2;
const COUNT = 3;
const OUT = 4;
const V = 5; // vector index
const P = 6; // address of vector v
const I = 7; // byte offset inside the vector
const DIFF = 8; // v128 scratch
const ACC = 9; // v128 accumulator

/** The inner step: ACC += q[i..i+4] * vec[i..i+4], or (q - vec)^2 for distances. */
function step(kind: 'dot' | 'distance'): number[][] {
	const lanesOfQ = [...localGet(Q), ...localGet(I), ...i32Add, ...v128Load];
	const lanesOfV = [...localGet(P), ...localGet(I), ...i32Add, ...v128Load];
	const product =
		kind === 'dot'
			? [...lanesOfQ, ...lanesOfV, ...f32x4Mul]
			: [...lanesOfQ, ...lanesOfV, ...f32x4Sub, ...localTee(DIFF), ...localGet(DIFF), ...f32x4Mul];
	return [localGet(ACC), product, f32x4Add, localSet(ACC)];
}

function functionBody(kind: 'dot' | 'distance'): number[] {
	const code = [
		...block(
			[...localGet(COUNT), ...i32Eqz, ...brIf(0)],
			loop(
				// P = BASE + V * STRIDE; ACC = 0; I = 0
				[...localGet(BASE), ...localGet(V), ...localGet(STRIDE), ...i32Mul, ...i32Add, ...localSet(P)],
				[...v128Zero, ...localSet(ACC), ...i32Const(0), ...localSet(I)],
				// do { step; I += 16 } while (I < STRIDE)
				loop(
					...step(kind),
					localGet(I),
					i32Const(16),
					i32Add,
					localTee(I),
					localGet(STRIDE),
					i32LtU,
					brIf(0),
				),
				// OUT[V] = ACC.0 + ACC.1 + ACC.2 + ACC.3
				[...localGet(OUT), ...localGet(V), ...i32Const(4), ...i32Mul, ...i32Add],
				[...localGet(ACC), ...f32x4Lane(0), ...localGet(ACC), ...f32x4Lane(1), ...f32Add],
				[...localGet(ACC), ...f32x4Lane(2), ...f32Add, ...localGet(ACC), ...f32x4Lane(3), ...f32Add],
				f32Store,
				// while (++V < COUNT)
				[
					...localGet(V),
					...i32Const(1),
					...i32Add,
					...localTee(V),
					...localGet(COUNT),
					...i32LtU,
					...brIf(0),
				],
			),
		),
		0x0b,
	];
	// Locals: three i32 (V, P, I), then two v128 (DIFF, ACC).
	const locals = [...uleb(2), ...uleb(3), i32, ...uleb(2), v128];
	const body = [...locals, ...code];
	return [...uleb(body.length), ...body];
}

function moduleBytes(): Uint8Array {
	const signature = [0x60, ...vector([[i32], [i32], [i32], [i32], [i32]]), 0];
	const memoryImport = [...name('env'), ...name('memory'), 0x02, 0x00, ...uleb(1)];
	return new Uint8Array([
		...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // "\0asm", version 1
		...section(1, vector([signature])), // types
		...section(2, vector([memoryImport])), // imports
		...section(3, vector([[0], [0]])), // two functions of type 0
		...section(
			7,
			vector([
				[...name('dots'), 0x00, 0],
				[...name('sqdists'), 0x00, 1],
			]),
		), // exports
		...section(10, [...uleb(2), ...functionBody('dot'), ...functionBody('distance')]), // code
	]);
}

export type Kernel = (q: number, base: number, stride: number, count: number, out: number) => void;

export interface Kernels {
	dots: Kernel;
	sqdists: Kernel;
}

let compiled: WebAssembly.Module | undefined;

/** The kernels bound to `memory`; the module is compiled once per process. */
export function instantiateKernels(memory: WebAssembly.Memory): Kernels {
	compiled ??= new WebAssembly.Module(moduleBytes());
	const instance = new WebAssembly.Instance(compiled, { env: { memory } });
	return instance.exports as unknown as Kernels;
}
