import Synchronization

// Which registration and behavior answer a call, picked and recorded in the
// ledger under the recorder's lock.

extension InvocationRecorder {
    /// The result of matching a call against the registrations.
    enum Selection {
        /// The picked behavior, by reference (its site is read only on error paths), its call count,
        /// the call's ledger entry, and the actions to run around the call.
        case behavior(ConfiguredBehavior, count: Int, ticket: CallTicket, hooks: CallHooks?)
        case unmatched([Registration], ticket: CallTicket)
    }

    /// Picks the registration and behavior for a call and records the call.
    func select(_ requirement: Requirement, _ arguments: CallArguments) -> Selection {
        // One lock hold serves the call when the requirement's first
        // registration is a catch-all with behavior left (no matcher to run);
        // nothing but the picked step leaves the lock, so the hold retains
        // no more than the ledger entry needs.
        var fastNotification: Notification?
        var fastTicket: CallTicket?
        // The slot and the registration are borrowed without retaining:
        // the state holds both, and nothing drops them while the lock is held.
        let fastPick = state.withLock { state -> BehaviorChain.Step? in
            state.lentSlot(requirement, onlyOwn: specializationsKeepToTheirOwn)._withUnsafeGuaranteedRef {
                slot -> BehaviorChain.Step? in
                guard !slot.registrations.isEmpty else { return nil }
                return Unmanaged.passUnretained(slot.registrations[0])._withUnsafeGuaranteedRef { first in
                    guard first.isCatchAll, first.matchers.count == arguments.count, let next = first.chain.next()
                    else { return nil }
                    first.served += 1
                    fastTicket = state.nextTicket
                    fastNotification = appendInvocation(
                        &state, requirement, arguments, next.behavior.outcome, first.number)
                    return next
                }
            }
        }
        if let fastPick, let fastTicket {
            fastNotification?.deliver()
            return .behavior(fastPick.behavior, count: fastPick.count, ticket: fastTicket, hooks: fastPick.hooks)
        }
        return selectMatching(requirement, arguments)
    }

    /// Picks the registration and behavior for a call whose first
    /// registration is not a catch-all (or is used up): matchers run outside
    /// the lock, then the behavior is taken and the call recorded under it.
    private func selectMatching(_ requirement: Requirement, _ arguments: CallArguments) -> Selection {
        let candidates = state.withLock { state in
            state.slot(requirement, onlyOwn: specializationsKeepToTheirOwn).registrations
        }
        for registration in candidates where registration.matches(arguments) {
            var notification: Notification?
            var picked: BehaviorChain.Step?
            var ticket: CallTicket?
            state.withLock { state in
                guard let next = registration.chain.next() else { return }
                picked = next
                registration.served += 1
                ticket = state.nextTicket
                notification = appendInvocation(
                    &state, requirement, arguments, next.behavior.outcome, registration.number)
            }
            if let picked, let ticket {
                notification?.deliver()
                return .behavior(picked.behavior, count: picked.count, ticket: ticket, hooks: picked.hooks)
            }
        }
        let outcome: Invocation.Outcome = forwardsUnmatched(requirement) ? .forwarded : .unmatched
        let (notification, ticket) = state.withLock { state in
            let ticket = state.nextTicket
            return (appendInvocation(&state, requirement, arguments, outcome, nil), ticket)
        }
        notification?.deliver()
        return .unmatched(candidates, ticket: ticket)
    }
}
