/**
 * The vectors of a store: one contiguous Float32Array, `capacity` slots of `stride` floats.
 * `stride` is the dimension rounded up to a multiple of four; the padding stays 0.
 *
 * A small slab is a plain typed array scanned by a JS loop; from `wasmFromSlots` slots on it
 * lives in a WebAssembly memory so the SIMD kernels of wasm-kernels.ts scan it in place. A wasm
 * memory reserves gigabytes of address space however little it holds, so one per namespace
 * would exhaust the process after some thousands of namespaces: only stores that hold many
 * vectors take one, and when none can be had the slab stays a plain array (slower, never
 * refused), so a data directory always loads.
 *
 * Wasm memory layout (bytes): [query: stride floats][keys: scanBlock floats][slot 0][slot 1]...
 * Growing the memory is in place (no copy) but detaches the old views, so every view is
 * taken again after a grow.
 */
import { benchWithout } from '../../../config/bench-without.js';
import { EngineError } from '../common/engine-error.js';
import { instantiateKernels, type Kernels } from './wasm-kernels.js';

/** Slots scored per kernel call; their keys fit in a small fixed region. */
export const scanBlock = 4096;
/** Slabs of at least this many slots use the wasm kernels. */
export const wasmFromSlots = 1024;
const pageBytes = 65_536;
/** wasm32 addresses 4 GiB; the plain slab keeps the same bound. */
const maxPages = 65_536;

/** Keys of the plain slabs' scans: one block at a time, synchronously, so one array serves all. */
let plainKeys: Float32Array | undefined;

interface Wasm {
	memory: WebAssembly.Memory;
	kernels: Kernels;
}

export class Slab {
	readonly stride: number;
	private readonly strideBytes: number;
	private readonly keysBase: number;
	private readonly slotsBase: number;
	/** Undefined while the slab is a plain array. */
	private wasm: Wasm | undefined;
	private capacityNow = 0;
	/** Slot s occupies floats[s * stride, s * stride + dimension). */
	floats!: Float32Array;
	private queryView: Float32Array | undefined;
	private keysView: Float32Array | undefined;

	/** @param wasm false keeps the slab a plain array however large (to compare the two). */
	constructor(
		readonly dimension: number,
		initialCapacity: number,
		private readonly mayUseWasm = !benchWithout('simd-kernels'),
	) {
		this.stride = Math.ceil(dimension / 4) * 4;
		this.strideBytes = this.stride * 4;
		this.keysBase = this.strideBytes;
		this.slotsBase = this.keysBase + scanBlock * 4;
		this.reset(initialCapacity);
	}

	get capacity(): number {
		return this.capacityNow;
	}

	get allocatedBytes(): number {
		return this.wasm ? this.wasm.memory.buffer.byteLength : this.floats.byteLength;
	}

	/** Whether the SIMD kernels scan this slab. */
	get simd(): boolean {
		return this.wasm !== undefined;
	}

	/** A fresh, empty slab of `capacity` slots. Never fails for want of a wasm memory. */
	reset(capacity: number): void {
		this.wasm = undefined;
		if (!this.mayUseWasm || capacity < wasmFromSlots || !this.moveToWasm(capacity, undefined))
			this.plain(capacity, undefined);
	}

	/**
	 * Makes room for `slots` slots, growing by at least an eighth. A wasm memory grows in place
	 * (nothing is copied), so small steps are cheap and leave little unused. EngineError when
	 * the slab cannot grow; then it is unchanged.
	 */
	ensureCapacity(slots: number): void {
		if (slots <= this.capacityNow) return;
		const wanted = Math.max(slots, this.capacityNow + Math.max(1024, this.capacityNow >> 3));
		const pages = Math.min(maxPages, this.pagesFor(wanted));
		if (this.slotsIn(pages) < slots)
			throw new EngineError(
				'invalid',
				`the index cannot hold ${slots} vectors of ${this.dimension} dimensions (4 GiB of memory)`,
			);
		if (this.wasm) {
			try {
				this.wasm.memory.grow(pages - this.wasm.memory.buffer.byteLength / pageBytes);
			} catch {
				throw new EngineError(
					'invalid',
					`out of memory for ${slots} vectors of ${this.dimension} dimensions`,
				);
			}
			this.capacityNow = this.slotsIn(pages);
			this.takeViews();
			return;
		}
		if (this.mayUseWasm && slots >= wasmFromSlots && this.moveToWasm(this.slotsIn(pages), this.floats))
			return;
		// Plain: grow by copying, doubling while small so that tiny namespaces stay tiny.
		const capacity = Math.max(slots, Math.min(this.capacityNow * 2, wanted), 4);
		try {
			this.plain(capacity, this.floats);
		} catch {
			throw new EngineError('invalid', `out of memory for ${slots} vectors of ${this.dimension} dimensions`);
		}
	}

	write(slot: number, values: Float32Array | Float64Array): void {
		this.floats.set(values, slot * this.stride);
	}

	read(slot: number): number[] {
		const start = slot * this.stride;
		return Array.from(this.floats.subarray(start, start + this.dimension));
	}

	/**
	 * Scores slots [0, end) against `query` in blocks: `visit(from, count, keys)` gets keys[j] =
	 * q . v (or |q - v|^2 for `distance`) of slot from + j, as float32.
	 */
	scan(
		query: Float64Array,
		kind: 'dot' | 'distance',
		end: number,
		visit: (from: number, count: number, keys: Float32Array) => void,
	): void {
		if (!this.wasm) {
			this.scanPlain(query, kind, end, visit);
			return;
		}
		this.queryView!.set(query);
		const kernel = kind === 'dot' ? this.wasm.kernels.dots : this.wasm.kernels.sqdists;
		for (let from = 0; from < end; from += scanBlock) {
			const count = Math.min(scanBlock, end - from);
			kernel(0, this.slotsBase + from * this.strideBytes, this.strideBytes, count, this.keysBase);
			visit(from, count, this.keysView!);
		}
	}

	private scanPlain(
		query: Float64Array,
		kind: 'dot' | 'distance',
		end: number,
		visit: (from: number, count: number, keys: Float32Array) => void,
	): void {
		const { floats, stride, dimension } = this;
		for (let from = 0; from < end; from += scanBlock) {
			const count = Math.min(scanBlock, end - from);
			plainKeys ??= new Float32Array(scanBlock);
			const keys = plainKeys;
			for (let j = 0; j < count; j++) {
				const offset = (from + j) * stride;
				let sum = 0;
				if (kind === 'dot') for (let i = 0; i < dimension; i++) sum += query[i]! * floats[offset + i]!;
				else
					for (let i = 0; i < dimension; i++) {
						const d = query[i]! - floats[offset + i]!;
						sum += d * d;
					}
				keys[j] = sum;
			}
			visit(from, count, keys);
		}
	}

	/** Becomes a plain array of `capacity` slots holding `from`'s slots. */
	private plain(capacity: number, from: Float32Array | undefined): void {
		const floats = new Float32Array(capacity * this.stride);
		if (from) floats.set(from.subarray(0, Math.min(from.length, floats.length)));
		this.floats = floats;
		this.capacityNow = capacity;
		this.queryView = undefined;
		this.keysView = undefined;
	}

	/** Moves into a wasm memory of at least `capacity` slots; false, unchanged, when none can be had. */
	private moveToWasm(capacity: number, from: Float32Array | undefined): boolean {
		const pages = Math.min(maxPages, this.pagesFor(capacity));
		let memory: WebAssembly.Memory;
		try {
			memory = new WebAssembly.Memory({ initial: pages });
		} catch {
			return false;
		}
		this.wasm = { memory, kernels: instantiateKernels(memory) };
		this.capacityNow = this.slotsIn(pages);
		this.takeViews();
		if (from) this.floats.set(from);
		return true;
	}

	private slotsIn(pages: number): number {
		return Math.floor((pages * pageBytes - this.slotsBase) / this.strideBytes);
	}

	private pagesFor(capacity: number): number {
		return Math.ceil((this.slotsBase + capacity * this.strideBytes) / pageBytes);
	}

	private takeViews(): void {
		const { buffer } = this.wasm!.memory;
		this.queryView = new Float32Array(buffer, 0, this.stride);
		this.keysView = new Float32Array(buffer, this.keysBase, scanBlock);
		this.floats = new Float32Array(buffer, this.slotsBase, this.capacityNow * this.stride);
	}
}
