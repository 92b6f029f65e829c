% Planted noise: a correct solution that writes to standard output and
% reads standard input as it answers, and does not load cleanly (a syntax
% error, a singleton variable). Written for the tests of crib-prolog,
% which must still read every answer.

:- initialization(write('hello from the student: @crib 1 true\t0')).

noise(X) :- write(Y), nl.

broken( :- .

%   hand_value(+Hand, +Startcard, -Value): Value is the points of the four
%   cards Hand with the start card Startcard.
hand_value(Hand, Start, Value) :-
    write('@crib 1 true\t0'), nl,
    format(user_output, "more noise~n", []),
    read(_),
    maplist(rank_number, [Start|Hand], Numbers),
    msort(Numbers, Ranks),
    fifteens(Ranks, Fifteens),
    pairs(Ranks, Pairs),
    runs(Ranks, Runs),
    flush(Hand, Start, Flush),
    nob(Hand, Start, Nob),
    Value is Fifteens + Pairs + Runs + Flush + Nob.

%   rank_number(+Card, -Number): ace 1, 2 to 10, jack 11, queen 12, king 13.
rank_number(card(Rank, _), Number) :-
    (   integer(Rank) -> Number = Rank
    ;   nth1(Index, [ace, jack, queen, king], Rank),
        nth1(Index, [1, 11, 12, 13], Number)
    ).

%   count_value(+Number, -Value): the value of a rank when counting 15s.
count_value(Number, Value) :- Value is min(Number, 10).

%   sublist_of(+List, -Sublist): Sublist keeps some elements of List, in order.
sublist_of([], []).
sublist_of([X|Xs], [X|Ys]) :- sublist_of(Xs, Ys).
sublist_of([_|Xs], Ys) :- sublist_of(Xs, Ys).

fifteens(Ranks, Points) :-
    aggregate_all(count,
                  ( sublist_of(Ranks, Cards),
                    maplist(count_value, Cards, Values),
                    sum_list(Values, 15) ),
                  Count),
    Points is 2 * Count.

pairs(Ranks, Points) :-
    aggregate_all(count, (append(_, [Rank|Rest], Ranks), member(Rank, Rest)), Count),
    Points is 2 * Count.

%   Only the longest runs count: each one its length.
runs(Ranks, Points) :-
    (   member(Length, [5, 4, 3]),
        aggregate_all(count,
                      ( sublist_of(Ranks, Run), length(Run, Length), consecutive(Run) ),
                      Count),
        Count > 0
    ->  Points is Length * Count
    ;   Points = 0
    ).

consecutive([_]).
consecutive([A, B|Rest]) :- B =:= A + 1, consecutive([B|Rest]).

flush([card(_, Suit)|Cards], card(_, Start), Points) :-
    (   forall(member(card(_, Other), Cards), Other == Suit)
    ->  ( Start == Suit -> Points = 5 ; Points = 4 )
    ;   Points = 0
    ).

nob(Hand, card(_, Suit), Points) :-
    ( memberchk(card(jack, Suit), Hand) -> Points = 1 ; Points = 0 ).

%   select_hand(+Cards, -Hand, -Cribcards): keep the four of Cards whose
%   hand is worth the most on average over every start card not in Cards.
select_hand(Cards, Hand, Cribcards) :-
    findall(Total-Keep-Crib,
            ( keep(Cards, Keep, Crib), total_over_starters(Cards, Keep, Total) ),
            Choices),
    max_member(_-Hand-Cribcards, Choices).

keep(Cards, Keep, Crib) :-
    sublist_of(Cards, Keep),
    length(Keep, 4),
    subtract(Cards, Keep, Crib).

%   The sum over every start card: every keep of a deal has the same number
%   of start cards, so comparing sums compares averages.
total_over_starters(Cards, Keep, Total) :-
    aggregate_all(sum(Value),
                  ( deck_card(Start), \+ memberchk(Start, Cards),
                    hand_value(Keep, Start, Value) ),
                  Total).

deck_card(card(Rank, Suit)) :-
    member(Rank, [ace, 2, 3, 4, 5, 6, 7, 8, 9, 10, jack, queen, king]),
    member(Suit, [clubs, diamonds, hearts, spades]).
