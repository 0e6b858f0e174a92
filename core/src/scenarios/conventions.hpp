// Conventions several scenario types name in their field docs, written once
// (docs/sources.md, "Choices of ours, and where sources disagree").
#pragma once

namespace mlsysim::conventions {

/// What a workload's `parameters` counts, for types whose bytes follow it.
inline constexpr const char* total_parameters =
    "by its total parameter count (every expert of a mixture-of-experts model, not only the active ones)";

/// What the 14 byte/param checkpoint holds, against the memory conventions of 16, 18 and 20.
inline constexpr const char* checkpoint_width =
    "14 byte/param = 2 (BF16 weights) + 4 (FP32 master weights) + 8 (FP32 Adam m and v); a checkpoint keeps no "
    "gradients. Training-memory counts keep more: 16 (ZeRO: + 2 BF16 gradients), 18 (Hugging Face: FP32 "
    "gradients), 20 (Ultra-Scale Playbook: BF16 and FP32 gradients); see docs/sources.md.";

}  // namespace mlsysim::conventions
