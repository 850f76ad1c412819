//! The machinery of the registry of rule systems: [`rule_systems!`] turns the one list in the
//! crate root into the enums over every rule system, their dispatch macros, the rules-id table
//! that binds a scenario to its system, and the built-in scenarios of every system.

/// Declares the rule systems, each as `module: Variant(GameType) = "rules id";` (its doc
/// comment first), where `src/<module>/` implements [`GameExt`](crate::GameExt) and
/// [`GameUi`](crate::GameUi) for the game type and lists its built-in scenarios as
/// `module::SCENARIOS`. The leading `$` is passed through so that the dispatch macros this
/// defines can have metavariables of their own. It declares each module and defines:
///
/// - the enums [`AnyGame`](crate::AnyGame), [`AnyMatch`](crate::AnyMatch) and
///   [`AnyAgent`](crate::AnyAgent), one variant per system, and a `From` for each variant;
/// - `RULES_IDS`, the ids in registry order, and `bind`, which builds a validated scenario's
///   game with its system's [`GameExt::from_scenario`](crate::GameExt::from_scenario);
/// - `builtin_scenarios`, every system's built-in scenario directories;
/// - the dispatch macros `on_game!(game, g => body)`, `on_match!(m, s => body)`,
///   `on_agent!(agent, a => body)` and `on_match_agent!(m, agent, (s, a) => body, else)`, which
///   run `body` with the variant's content bound, for every variant.
macro_rules! rule_systems {
    ($d:tt $($(#[$doc:meta])* $module:ident: $variant:ident($game:ty) = $id:literal;)+) => {
        $(mod $module;)+

        /// A game of any rule system, bound to its scenario.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $($(#[$doc])* $variant(Arc<$game>),)+
        }

        /// A match of any rule system.
        #[derive(Clone, Debug)]
        pub enum AnyMatch {
            $($(#[$doc])* $variant(Session<$game>),)+
        }

        /// An agent for any rule system.
        pub enum AnyAgent {
            $($(#[$doc])* $variant(Box<dyn Agent<$game>>),)+
        }

        $(
            impl From<Arc<$game>> for AnyGame {
                fn from(g: Arc<$game>) -> Self {
                    AnyGame::$variant(g)
                }
            }

            impl From<Session<$game>> for AnyMatch {
                fn from(s: Session<$game>) -> Self {
                    AnyMatch::$variant(s)
                }
            }

            impl From<Box<dyn Agent<$game>>> for AnyAgent {
                fn from(a: Box<dyn Agent<$game>>) -> Self {
                    AnyAgent::$variant(a)
                }
            }
        )+

        /// The ids of the rule systems this program has, in registry order.
        pub(crate) const RULES_IDS: &[&str] = &[$($id),+];

        /// The game of a validated scenario, built by the rule system its `rules` names; `None`
        /// when this program has no such system.
        pub(crate) fn bind(
            scenario: &coupdoeil_scenario::Scenario,
        ) -> Option<Result<AnyGame, coupdoeil_scenario::Diagnostics>> {
            match scenario.rules.as_str() {
                $($id => Some(
                    <$game as GameExt>::from_scenario(scenario).map(|g| AnyGame::from(Arc::new(g)))
                ),)+
                _ => None,
            }
        }

        /// Every rule system's built-in scenario directories, in registry order.
        pub(crate) fn builtin_scenarios() -> impl Iterator<Item = &'static builtin::Builtin> {
            let all: [&'static [builtin::Builtin]; RULES_IDS.len()] = [$($module::SCENARIOS),+];
            all.into_iter().flatten()
        }

        /// Runs `body` with `g` bound to the game inside an [`AnyGame`], whatever its system.
        #[allow(unused_macros)]
        macro_rules! on_game {
            ($d any:expr, $d g:ident => $d body:expr) => {
                match $d any {
                    $(AnyGame::$variant($d g) => $d body,)+
                }
            };
        }

        /// Runs `body` with `s` bound to the session inside an [`AnyMatch`].
        #[allow(unused_macros)]
        macro_rules! on_match {
            ($d any:expr, $d s:ident => $d body:expr) => {
                match $d any {
                    $(AnyMatch::$variant($d s) => $d body,)+
                }
            };
        }

        /// Runs `body` with `a` bound to the agent inside an [`AnyAgent`].
        #[allow(unused_macros)]
        macro_rules! on_agent {
            ($d any:expr, $d a:ident => $d body:expr) => {
                match $d any {
                    $(AnyAgent::$variant($d a) => $d body,)+
                }
            };
        }

        /// Runs `body` with the session and the agent bound when both are of the same system,
        /// `otherwise` when they are not.
        #[allow(unused_macros)]
        macro_rules! on_match_agent {
            ($d m:expr, $d agent:expr, ($d s:ident, $d a:ident) => $d body:expr, $d otherwise:expr) => {{
                #[allow(unreachable_patterns)]
                let out = match ($d m, $d agent) {
                    $((AnyMatch::$variant($d s), AnyAgent::$variant($d a)) => $d body,)+
                    _ => $d otherwise,
                };
                out
            }};
        }
    };
}
