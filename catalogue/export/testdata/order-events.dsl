workspace "Order events" "Checkout publishes OrderPlaced to Kafka with exactly-once writes; a JetStream work queue feeds fulfilment." {
    model {
        system = softwareSystem "Order events" {
            n_orders = container "orders" "orders" "Apache Kafka" "stream,Pipe"
            n_fulfilment_jobs = container "fulfilment-jobs" "fulfilment-jobs" "NATS JetStream" "stream,Pipe"
            n_clickstream = container "clickstream" "clickstream" "Amazon Kinesis Data Streams" "stream,aws,Pipe"
        }
        n_orders -> n_fulfilment_jobs "OrderPlaced" "" "event"
        deploymentEnvironment "Design" {
            deploymentNode "Outside any boundary" {
                containerInstance n_orders
                containerInstance n_fulfilment_jobs
                containerInstance n_clickstream
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
