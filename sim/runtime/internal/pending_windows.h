// The end of a run: the windows still waiting, with the chain that holds
// their watermark back, and the ledger's "in window" notes of their records
// turned into "pending" (§1.13). pending_windows.cc.
#ifndef TIDEMARK_SIM_RUNTIME_INTERNAL_PENDING_WINDOWS_H_
#define TIDEMARK_SIM_RUNTIME_INTERNAL_PENDING_WINDOWS_H_

namespace tidemark::sim::internal {

struct World;

// After the loop: fills RunResult::pending and reclassifies the ledger.
void CollectPending(World& world);

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_RUNTIME_INTERNAL_PENDING_WINDOWS_H_
