// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title DevPriceFeed
/// @notice The read side of a Chainlink aggregator (AggregatorV3Interface: decimals,
/// description, latestRoundData) for the dev chain, whose answer its owner sets. The app reads
/// it exactly as it reads Chainlink's feeds on BSC. An answer set with updatedAt 0 follows the
/// chain's clock (reported as updated in the current block), so a dev server that runs for
/// days keeps a fresh price; a test sets an explicit time to make it stale.
contract DevPriceFeed {
    address public immutable owner;
    uint8 public immutable decimals;
    string public description;
    uint80 private roundId;
    int256 private answer;
    uint256 private updatedAt;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    constructor(uint8 decimals_, string memory description_, int256 answer_) {
        owner = msg.sender;
        decimals = decimals_;
        description = description_;
        _set(answer_, 0);
    }

    function version() external pure returns (uint256) {
        return 4;
    }

    /// @notice Sets the answer (in units of 10^-decimals USD) and its update time (0: always now).
    function setAnswer(int256 answer_, uint256 updatedAt_) external {
        require(msg.sender == owner, "DevPriceFeed: not the owner");
        _set(answer_, updatedAt_);
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        uint256 at = updatedAt == 0 ? block.timestamp : updatedAt;
        return (roundId, answer, at, at, roundId);
    }

    function _set(int256 answer_, uint256 updatedAt_) private {
        roundId += 1;
        answer = answer_;
        updatedAt = updatedAt_;
        emit AnswerUpdated(answer_, roundId, updatedAt_ == 0 ? block.timestamp : updatedAt_);
    }
}
