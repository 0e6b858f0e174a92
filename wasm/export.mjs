// Appended last to dist/mlsysim.mjs (--extern-post-js): its one export.
export default createMlsysim;
