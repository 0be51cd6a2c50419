/**
 * The few WebAssembly globals the vector kernels use. Node has them all; the project's `lib`
 * (ES2023, no DOM) does not declare them, and pulling in DOM for this would declare a browser.
 */
declare namespace WebAssembly {
	interface MemoryDescriptor {
		/** Size in 64 KiB pages. */
		initial: number;
		maximum?: number;
	}

	class Memory {
		constructor(descriptor: MemoryDescriptor);
		readonly buffer: ArrayBuffer;
		/** Grows by `delta` pages; returns the previous size. Throws RangeError when it cannot. */
		grow(delta: number): number;
	}

	class Module {
		constructor(bytes: Uint8Array);
	}

	class Instance {
		constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
		readonly exports: Record<string, unknown>;
	}
}
